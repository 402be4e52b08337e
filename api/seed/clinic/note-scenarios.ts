import type { PractitionerKind } from './data'
import type { ProblemKey, Region } from './people'

/*
 * What the demo's clinical notes are written from: one scenario per kind of visit, each a handful of
 * alternatives per part of a note (why they came, history, findings, assessment, plan,
 * safety-netting). A line is one fact in one sentence, so a summary can quote it and point at its note;
 * the figures in braces are drawn per visit, and a line that depends on them (or on the patient's
 * allergies) is a function. Everything here is invented and is not medical advice.
 */

export type NotePatient = {
  age: number
  sex: 'female' | 'male' | 'other' | 'unknown'
  problems: ReadonlySet<ProblemKey>
  /** Names of the medicines they take now. */
  medications: string[]
  allergies: string[]
  region: Region
}

/** The figures a note quotes, drawn per visit (see `drawValues`). */
export type Values = Record<string, string | number | boolean>

export type NoteContext = { v: Values; p: NotePatient }
export type Line = string | ((c: NoteContext) => string | null)

export type Scenario = {
  reason: string
  kinds: PractitionerKind[]
  visitTypes: string[]
  fits?: (p: NotePatient) => boolean
  /** Patients with this problem see it chosen first. */
  problem?: ProblemKey
  complaint: Line[]
  history: Line[]
  exam: Line[]
  assessment?: Line[]
  plan: Line[]
  safety?: Line[]
}

const GP = ['gp'] as PractitionerKind[]
const FACE = ['GP15', 'GP30']
const penicillin = (c: NoteContext) => c.p.allergies.includes('Penicillin')
const takes = (c: NoteContext, name: string) => c.p.medications.some((m) => m.startsWith(name))
const adult = (p: NotePatient) => p.age >= 16
const child = (p: NotePatient) => p.age < 16

const reviews: Scenario[] = [
  {
    reason: 'Hypertension review',
    problem: 'hypertension',
    kinds: GP,
    visitTypes: FACE,
    complaint: [
      'Hypertension review, last seen {months} months ago.',
      'Attended to review blood pressure after home readings.',
    ],
    history: [
      'Home readings average {homeSys}/{homeDia} over the past {weeks} weeks.',
      'Taking amlodipine every day with no missed doses.',
      'No headaches, chest pain or visual disturbance.',
      'Mild ankle swelling in the evenings, not troublesome.',
      'Drinks about {units} units of alcohol a week.',
    ],
    exam: ['Clinic blood pressure {sys}/{dia} mmHg, pulse {hr} and regular.', 'Weight {weight} kg, BMI {bmi}.'],
    assessment: [
      (c) =>
        Number(c.v.sys) >= 145 ? 'Blood pressure above target on current treatment.' : 'Blood pressure within target.',
    ],
    plan: [
      (c) =>
        Number(c.v.sys) >= 145 ? 'Amlodipine increased to 10 mg once daily.' : 'Continue amlodipine 5 mg once daily.',
      'Bloods requested for kidney function, HbA1c and lipids.',
      'Advised to cut down on salt and walk briskly most days.',
      'Repeat blood pressure check with the practice nurse in {weeks} weeks.',
    ],
    safety: ['Advised to seek urgent help for chest pain, a severe headache or sudden weakness.'],
  },
  {
    reason: 'Diabetes review',
    problem: 't2dm',
    kinds: GP,
    visitTypes: FACE,
    complaint: [
      'Diabetes annual review.',
      'Review of type 2 diabetes after recent blood tests.',
      'Diabetes review, last HbA1c {months} months ago.',
    ],
    history: [
      'Taking metformin twice daily with occasional loose stools.',
      'No episodes of hypoglycaemia.',
      'Walking for about {walk} minutes most days.',
      'Retinal screening {months} months ago showed no retinopathy.',
    ],
    exam: [
      'HbA1c {hba1c} mmol/mol against {hba1cPrev} mmol/mol last time.',
      'Foot pulses present and monofilament sensation intact in both feet.',
      'Blood pressure {sys}/{dia} mmHg, BMI {bmi}.',
    ],
    assessment: [
      (c) =>
        Number(c.v.hba1c) > 58
          ? 'Glucose control above the agreed target of 53 mmol/mol for now.'
          : 'Glucose control within the agreed target.',
    ],
    plan: [
      (c) =>
        Number(c.v.hba1c) > 58 ? 'Metformin increased to 1 g twice daily.' : 'Continue metformin at the current dose.',
      'Referred to the structured diabetes education course.',
      'Urine albumin to creatinine ratio requested.',
      'Repeat HbA1c in 3 months.',
    ],
    safety: ['Advised to seek help if very thirsty, passing urine often or unusually drowsy.'],
  },
  {
    reason: 'Asthma review',
    problem: 'asthma',
    kinds: GP,
    visitTypes: FACE,
    fits: adult,
    complaint: ['Asthma review.', 'Asthma review after using the reliever inhaler more often.'],
    history: [
      'Using salbutamol {puffs} times a week.',
      'Woken by cough on {nights} nights in the last month.',
      'Symptoms worse with cold air and exercise.',
      'No courses of oral steroids in the past year.',
    ],
    exam: [
      'Peak flow {peak} L/min, {peakPct}% of best.',
      'Chest clear with no wheeze.',
      'Inhaler technique checked and good.',
    ],
    assessment: [
      (c) =>
        Number(c.v.peakPct) < 80 ? 'Asthma not well controlled.' : 'Asthma well controlled on current treatment.',
    ],
    plan: [
      (c) =>
        Number(c.v.peakPct) < 80
          ? 'Beclometasone increased to 200 micrograms twice daily.'
          : 'Continue beclometasone twice daily.',
      'Personal asthma action plan updated and given.',
      'Spacer device issued.',
    ],
    safety: ['Advised to call 999 if the reliever does not help or speaking in sentences becomes difficult.'],
  },
  {
    reason: 'COPD review',
    problem: 'copd',
    kinds: GP,
    visitTypes: FACE,
    complaint: ['COPD review.', 'Review of breathlessness in known COPD.'],
    history: [
      'Breathless after walking about {metres} metres on the flat.',
      'Morning cough with clear sputum.',
      'One flare-up treated with steroids this winter.',
      'Stopped smoking {years} years ago.',
    ],
    exam: ['Oxygen saturation {spo2}% on air, respiratory rate {rr}.', 'Scattered wheeze, no crackles.'],
    plan: [
      'Continue tiotropium once daily.',
      'Referred to pulmonary rehabilitation.',
      'Rescue pack of prednisolone and antibiotics issued with written instructions.',
    ],
    safety: ['Advised to seek urgent help if breathlessness worsens, lips turn blue or confusion develops.'],
  },
  {
    reason: 'Thyroid review',
    problem: 'hypothyroidism',
    kinds: GP,
    visitTypes: FACE,
    complaint: [
      'Hypothyroidism review with a recent thyroid function test.',
      'Review of tiredness in known hypothyroidism.',
    ],
    history: [
      'Taking levothyroxine each morning before breakfast.',
      'Some tiredness and feeling the cold.',
      'No palpitations or weight loss.',
    ],
    exam: ['TSH of {tsh} mU/L on the recent test.', 'Pulse {hr} and regular, weight {weight} kg today.'],
    assessment: [
      (c) => (Number(c.v.tsh) > 4.5 ? 'Under-replaced on the current dose.' : 'Thyroid function in the normal range.'),
    ],
    plan: [
      (c) =>
        Number(c.v.tsh) > 4.5
          ? 'Levothyroxine increased to 100 micrograms daily.'
          : 'Continue levothyroxine 75 micrograms daily.',
      (c) =>
        Number(c.v.tsh) > 4.5
          ? 'Repeat thyroid function in 6 to 8 weeks.'
          : 'Thyroid function test due again in 12 months.',
    ],
  },
  {
    reason: 'Depression review',
    problem: 'depression',
    kinds: GP,
    visitTypes: FACE,
    complaint: ['Review of low mood.', 'Follow-up of depression on sertraline.'],
    history: [
      'Mood slowly improving since starting sertraline {weeks} weeks ago.',
      'Sleeping about {sleep} hours a night.',
      'Back at work on reduced hours.',
      'No thoughts of self-harm or suicide.',
      'Some nausea in the first week, now settled.',
    ],
    exam: ['PHQ-9 score {phq}.', 'Good eye contact, speech normal in rate and tone.'],
    assessment: [
      (c) =>
        Number(c.v.phq) >= 15
          ? 'Moderately severe depression with a partial response.'
          : 'Depressive symptoms improving.',
    ],
    plan: [
      (c) => (Number(c.v.phq) >= 15 ? 'Sertraline increased to 100 mg daily.' : 'Continue sertraline 50 mg daily.'),
      'Self-referral details for talking therapies given.',
      'Review in {weeks} weeks.',
    ],
    safety: ['Crisis line number given and advised to attend A&E if feeling unsafe.'],
  },
  {
    reason: 'Anxiety review',
    problem: 'anxiety',
    kinds: GP,
    visitTypes: FACE,
    fits: adult,
    complaint: ['Review of anxiety symptoms.', 'Attended with anxiety getting worse at work.'],
    history: [
      'Describes constant worry and difficulty switching off in the evenings.',
      'Palpitations before meetings, settling within minutes.',
      'Caffeine cut down to one coffee a day.',
      (c) => (takes(c, 'Propranolol') ? 'Using propranolol before stressful events only.' : null),
    ],
    exam: ['GAD-7 score {gad}.', 'Pulse {hr} and regular, blood pressure {sys}/{dia} mmHg.'],
    plan: [
      'Referred for cognitive behavioural therapy.',
      'Breathing exercises and sleep routine discussed.',
      'Review in {weeks} weeks to consider an SSRI if no better.',
    ],
    safety: ['Advised to seek urgent help for chest pain or thoughts of self-harm.'],
  },
  {
    reason: 'Knee osteoarthritis review',
    problem: 'osteoarthritis',
    kinds: GP,
    visitTypes: FACE,
    complaint: ['Review of {side} knee pain from osteoarthritis.', 'Knee osteoarthritis review.'],
    history: [
      'Pain {pain}/10 on stairs, stiffness for under 30 minutes in the morning.',
      'Paracetamol and ibuprofen gel help a little.',
      'Walking limited to about {walk} minutes.',
    ],
    exam: ['Crepitus in the {side} knee with a small effusion.', 'Knee flexion to {flex} degrees, ligaments stable.'],
    plan: [
      'Referred to physiotherapy for strengthening exercises.',
      'Weight management support offered.',
      'Continue regular paracetamol.',
    ],
    safety: ['Advised to return if the knee becomes hot, red or unable to take weight.'],
  },
  {
    reason: 'Atrial fibrillation review',
    problem: 'af',
    kinds: GP,
    visitTypes: FACE,
    complaint: ['Atrial fibrillation review.', 'Review of palpitations in known atrial fibrillation.'],
    history: [
      'Taking apixaban twice daily, no bleeding or bruising.',
      'Occasional palpitations, no chest pain or blackouts.',
      'Breathless on hills.',
    ],
    exam: ['Pulse {afHr} irregularly irregular.', 'Blood pressure {sys}/{dia} mmHg, chest clear, no ankle swelling.'],
    assessment: [
      (c) => (Number(c.v.afHr) > 100 ? 'Heart rate not well controlled.' : 'Heart rate controlled on bisoprolol.'),
    ],
    plan: [
      (c) =>
        Number(c.v.afHr) > 100 ? 'Bisoprolol increased to 5 mg once daily.' : 'Continue bisoprolol 2.5 mg once daily.',
      'Kidney function and full blood count requested for anticoagulation monitoring.',
      'Stroke risk discussed and anticoagulation continued.',
    ],
    safety: ['Advised to call 999 for chest pain, fainting or signs of a stroke.'],
  },
  {
    reason: 'Cholesterol review',
    problem: 'hyperlipidaemia',
    kinds: GP,
    visitTypes: FACE,
    complaint: [
      'Cholesterol review.',
      'Review of lipid results on atorvastatin.',
      'Cholesterol review, {months} months after the last lipid test.',
    ],
    history: ['Taking atorvastatin at night, no muscle aches.', 'Has cut down on saturated fat.', 'Non-smoker.'],
    exam: [
      'Total cholesterol {chol} mmol/L and non-HDL cholesterol {nonHdl} mmol/L on the latest test.',
      'Liver function tests normal.',
    ],
    plan: [
      (c) =>
        Number(c.v.nonHdl) > 3.5
          ? 'Atorvastatin increased to 40 mg at night.'
          : 'Continue atorvastatin 20 mg at night.',
      'Repeat lipids in 3 months.',
    ],
  },
  {
    reason: 'Reflux review',
    problem: 'gord',
    kinds: GP,
    visitTypes: FACE,
    complaint: ['Review of heartburn.', 'Ongoing reflux symptoms despite omeprazole.'],
    history: [
      'Burning after large meals and when lying down.',
      'No difficulty swallowing, weight loss or vomiting.',
      'Drinks {coffee} cups of coffee a day.',
    ],
    exam: ['Abdomen soft, mild epigastric tenderness, no masses.', 'Weight {weight} kg, stable.'],
    plan: [
      'Continue omeprazole 20 mg daily for 4 weeks, then try to step down.',
      'Advised smaller evening meals and raising the head of the bed.',
      'Helicobacter pylori stool test requested.',
    ],
    safety: ['Advised to return urgently with black stools, vomiting blood or difficulty swallowing.'],
  },
  {
    reason: 'Migraine review',
    problem: 'migraine',
    kinds: GP,
    visitTypes: FACE,
    complaint: ['Review of migraines.', 'Migraines more frequent over the last {months} months.'],
    history: [
      'About {count} migraine days a month with nausea and light sensitivity.',
      'Sumatriptan works within an hour.',
      'Headache diary kept; triggers include poor sleep and skipped meals.',
    ],
    exam: ['Neurological examination normal.', 'Fundi normal, blood pressure {sys}/{dia} mmHg.'],
    plan: [
      (c) =>
        Number(c.v.count) < 5
          ? 'Continue sumatriptan when needed.'
          : c.p.problems.has('asthma')
            ? 'Started amitriptyline 10 mg at night to prevent attacks.'
            : 'Started propranolol 40 mg twice daily to prevent attacks.',
      'Advised to take painkillers on fewer than 10 days a month.',
    ],
    safety: ['Advised to seek urgent help for a sudden severe headache, weakness or confusion.'],
  },
  {
    reason: 'Kidney function review',
    problem: 'ckd',
    kinds: GP,
    visitTypes: FACE,
    complaint: ['Chronic kidney disease monitoring review.'],
    history: ['No change in passing urine and no swelling.', 'Avoiding anti-inflammatory painkillers as advised.'],
    exam: [
      'eGFR {egfr} mL/min, stable compared with last year.',
      'Urine albumin to creatinine ratio of {acr} mg/mmol on the latest sample.',
    ],
    plan: ['Kidney function and urine test to continue every year.', 'Blood pressure target under 140/90 discussed.'],
  },
  {
    reason: 'Low back pain review',
    problem: 'backpain',
    kinds: GP,
    visitTypes: FACE,
    complaint: ['Review of long-standing low back pain.'],
    history: [
      'Pain {pain}/10, worse after sitting for long periods.',
      'No leg weakness, saddle numbness or change in bladder control.',
      'Naproxen helps on bad days.',
    ],
    exam: [
      'Lumbar flexion reduced, straight leg raise negative on both sides.',
      'Power and reflexes normal in both legs.',
    ],
    plan: ['Referred to physiotherapy.', 'Advised to keep active and use heat.'],
    safety: [
      'Advised to attend A&E urgently with numbness between the legs, bladder or bowel changes, or leg weakness.',
    ],
  },
]

const acute: Scenario[] = [
  {
    reason: 'Sore throat',
    kinds: GP,
    visitTypes: FACE,
    fits: adult,
    complaint: ['Sore throat for {days} days.', 'Painful swallowing and fever for {days} days.'],
    history: [
      'No cough, feeling shivery.',
      'Eating and drinking, though swallowing hurts.',
      'Household contacts well.',
    ],
    exam: [
      'Temperature {tempFever}°C, pulse {hr}.',
      (c) =>
        c.v.exudate
          ? 'Tonsils enlarged with exudate and tender neck glands.'
          : 'Throat red without exudate, no neck glands felt.',
    ],
    assessment: [
      (c) =>
        c.v.exudate
          ? 'FeverPAIN score 4, likely bacterial tonsillitis.'
          : 'Viral sore throat likely, FeverPAIN score 1.',
    ],
    plan: [
      (c) =>
        !c.v.exudate
          ? 'No antibiotics needed; paracetamol and fluids advised.'
          : penicillin(c)
            ? 'Clarithromycin 250 mg twice daily for 5 days, as allergic to penicillin.'
            : 'Phenoxymethylpenicillin 500 mg four times a day for 5 days.',
      'Salt water gargles and rest advised.',
    ],
    safety: ['Advised to return if unable to swallow fluids, drooling or breathing becomes noisy.'],
  },
  {
    reason: 'Urinary symptoms',
    kinds: GP,
    visitTypes: ['GP15'],
    fits: (p) => p.sex === 'female' && p.age >= 16,
    complaint: ['Burning on passing urine for {days} days.', 'Urinary frequency and urgency since the weekend.'],
    history: [
      'No fever, back pain or vomiting.',
      (c) => (c.p.age < 50 ? 'Not pregnant.' : null),
      'One similar episode last year.',
    ],
    exam: ['Urine dipstick positive for nitrites and leucocytes.', 'Temperature {tempNormal}°C, no loin tenderness.'],
    plan: [
      'Nitrofurantoin 100 mg modified release twice daily for 3 days.',
      'Urine sample sent for culture.',
      'Advised to drink plenty of fluids.',
    ],
    safety: ['Advised to seek same-day help if fever, back pain or vomiting develop.'],
  },
  {
    reason: 'Cough',
    kinds: GP,
    visitTypes: FACE,
    fits: adult,
    complaint: ['Productive cough for {days} days with green sputum.', 'Cough and fever for {days} days.'],
    history: [
      'Some breathlessness on exertion.',
      'No chest pain or coughing up blood.',
      (c) => (c.v.smoker ? 'Smokes {cig} cigarettes a day.' : 'Non-smoker.'),
    ],
    exam: [
      'Temperature {tempFever}°C, oxygen saturation {spo2}% on air, respiratory rate {rr}.',
      'Crackles at the {side} lung base.',
    ],
    assessment: [
      (c) =>
        c.p.age >= 65
          ? 'Lower respiratory tract infection, CRB-65 score 1.'
          : 'Lower respiratory tract infection, CRB-65 score 0.',
    ],
    plan: [
      (c) =>
        penicillin(c)
          ? 'Doxycycline 200 mg on day one, then 100 mg daily for 5 days, as allergic to penicillin.'
          : 'Amoxicillin 500 mg three times a day for 5 days.',
      'Paracetamol for fever and plenty of fluids.',
    ],
    safety: ['Advised to return the same day if breathing worsens, confusion develops or chest pain starts.'],
  },
  {
    reason: 'Red eye',
    kinds: GP,
    visitTypes: FACE,
    complaint: ['Red sticky {side} eye for {days} days.'],
    history: ['No pain, no change in vision and no contact lenses.', 'Partner had the same last week.'],
    exam: ['Visual acuity 6/6 in both eyes.', 'Diffuse redness with discharge, cornea clear.'],
    assessment: ['Infective conjunctivitis, likely to settle on its own.'],
    plan: ['Lid hygiene advised.', 'Chloramphenicol drops from the pharmacy if no better in 3 days.'],
    safety: ['Advised to attend eye casualty for pain, light sensitivity or blurred vision.'],
  },
  {
    reason: 'Ankle injury',
    kinds: GP,
    visitTypes: FACE,
    complaint: [
      'Twisted {side} ankle playing football {days} days ago.',
      'Injured {side} ankle stepping off a kerb {days} days ago.',
    ],
    history: ['Able to walk four steps straight after the injury.', 'Swelling on the outer side of the ankle.'],
    exam: [
      'Tender over the anterior talofibular ligament, no bony tenderness at the malleoli.',
      'Ottawa ankle rules negative, so no X-ray needed.',
    ],
    plan: [
      'Rest, ice, compression and elevation advised.',
      (c) =>
        c.p.allergies.includes('Ibuprofen')
          ? 'Paracetamol for pain, as ibuprofen is not tolerated.'
          : 'Ibuprofen gel for pain.',
    ],
    safety: ['Advised to return if still unable to take weight after 5 days.'],
  },
  {
    reason: 'Diarrhoea and vomiting',
    kinds: GP,
    visitTypes: ['GP15'],
    fits: adult,
    complaint: ['Diarrhoea and vomiting for {fewDays} days.'],
    history: ['Keeping fluids down since yesterday.', 'No blood in the stool.', 'Partner had similar symptoms.'],
    exam: [
      'Temperature {tempNormal}°C, pulse {hr}, mucous membranes moist.',
      'Abdomen soft with mild generalised tenderness.',
    ],
    assessment: ['Viral gastroenteritis.'],
    plan: ['Oral rehydration solution advised.', 'Stay off work until 48 hours after the last episode.'],
    safety: ['Advised to seek help for blood in the stool, severe tummy pain or signs of dehydration.'],
  },
  {
    reason: 'Tiredness',
    kinds: GP,
    visitTypes: FACE,
    fits: adult,
    complaint: ['Tiredness for {weeks} weeks.'],
    history: [
      'Sleeping well but exhausted by mid-afternoon.',
      'No weight loss, night sweats or bleeding.',
      (c) => (c.p.sex === 'female' && c.p.age < 50 ? 'Heavy periods for the last few months.' : null),
    ],
    exam: ['Looks well, no pallor and no enlarged lymph nodes.', 'Pulse {hr}, blood pressure {sys}/{dia} mmHg.'],
    plan: [
      'Full blood count, ferritin, thyroid function, HbA1c and vitamin D requested.',
      'Results to be discussed by phone.',
    ],
    safety: ['Advised to return sooner if weight loss, fevers or breathlessness develop.'],
  },
  {
    reason: 'Acute low back pain',
    kinds: GP,
    visitTypes: ['GP15'],
    fits: adult,
    complaint: ['Low back pain for {days} days after lifting at home.'],
    history: ['Pain {pain}/10, no pain down the legs.', 'No numbness, weakness or bladder change.'],
    exam: [
      'Paraspinal muscle spasm, straight leg raise negative on both sides.',
      'Normal power and reflexes in the legs.',
    ],
    assessment: ['Mechanical low back pain.'],
    plan: ['Advised to keep moving and avoid bed rest.', 'Self-referral to physiotherapy if no better in 2 weeks.'],
    safety: ['Advised to attend A&E urgently with numbness between the legs or loss of bladder control.'],
  },
]

const PAEDS = ['paeds', 'gp'] as PractitionerKind[]

const children: Scenario[] = [
  {
    reason: 'Fever',
    kinds: PAEDS,
    visitTypes: FACE,
    fits: child,
    complaint: ['Fever for {fewDays} days, seen with {companion}.'],
    history: ['Drinking well and passing urine normally.', 'Runny nose and mild cough.', 'Immunisations up to date.'],
    exam: [
      'Temperature {tempFever}°C, heart rate {childHr}, capillary refill under 2 seconds.',
      'Throat red, ears normal, chest clear and no rash.',
    ],
    assessment: ['Viral upper respiratory tract infection with no red flags.'],
    plan: [
      (c) =>
        c.p.allergies.includes('Ibuprofen')
          ? 'Paracetamol for comfort, as ibuprofen is not tolerated.'
          : 'Paracetamol or ibuprofen for comfort, not both at once.',
      'Plenty of fluids and rest at home.',
    ],
    safety: [
      'Advised to call NHS 111 or attend A&E for a rash that does not fade, floppiness or difficulty breathing.',
    ],
  },
  {
    reason: 'Ear pain',
    kinds: PAEDS,
    visitTypes: FACE,
    fits: child,
    complaint: ['Pain in the {side} ear for {days} days, seen with {companion}.'],
    history: ['Woke at night crying and pulling at the ear.', 'No discharge from the ear.'],
    exam: [
      'Temperature of {tempFever}°C recorded in clinic.',
      'The {side} eardrum is red and bulging; the other is normal.',
    ],
    assessment: ['Acute otitis media.'],
    plan: [
      'Regular paracetamol; most ear infections settle within 3 days without antibiotics.',
      (c) =>
        penicillin(c)
          ? 'Back-up prescription of clarithromycin to start if no better in 3 days.'
          : 'Back-up prescription of amoxicillin to start if no better in 3 days.',
    ],
    safety: ['Advised to return for swelling behind the ear, a stiff neck or drowsiness.'],
  },
  {
    reason: 'Wheeze',
    kinds: PAEDS,
    visitTypes: FACE,
    fits: (p) => p.age >= 2 && p.age < 16,
    complaint: ['Cough and wheeze for {days} days, seen with {companion}.'],
    history: [
      (c) =>
        c.p.problems.has('asthma')
          ? 'Using salbutamol via a spacer with some relief.'
          : 'Wheezy episodes with colds before.',
      'Eating and drinking normally.',
    ],
    exam: [
      'Oxygen saturation {spo2}%, respiratory rate {childRr}, mild recession.',
      'Widespread wheeze with good air entry.',
    ],
    plan: [
      'Salbutamol 6 puffs via spacer given in clinic with a good response.',
      'Prednisolone 20 mg once daily for 3 days.',
      'Asthma plan reviewed with {companion}.',
    ],
    safety: ['Advised to call 999 if salbutamol lasts less than 4 hours or breathing becomes hard work.'],
  },
  {
    reason: 'Eczema flare',
    kinds: [...PAEDS, 'derm'],
    visitTypes: FACE,
    fits: child,
    complaint: ['Eczema flare on the arms and behind the knees, seen with {companion}.'],
    history: ['Itching is disturbing sleep.', 'Using emollient twice daily.', 'No weeping or crusting at home.'],
    exam: ['Dry, scratched patches in both elbow creases and behind both knees.', 'No infected areas.'],
    plan: [
      'Hydrocortisone 1% once daily to the flare for up to 7 days.',
      'Emollient to be used liberally and instead of soap.',
      'Cotton clothing and short nails advised.',
    ],
    safety: ['Advised to return urgently if the skin becomes painful, blistered or crusted.'],
  },
  {
    reason: 'Constipation',
    kinds: PAEDS,
    visitTypes: FACE,
    fits: (p) => p.age >= 1 && p.age < 12,
    complaint: ['Hard, painful stools for {weeks} weeks, seen with {companion}.'],
    history: ['Opening bowels every 3 to 4 days.', 'Good appetite and growing well.', 'Drinks mostly milk and squash.'],
    exam: ['Abdomen soft, not distended, no masses.', 'Weight {childWeight} kg, following the centile.'],
    plan: [
      'Macrogol sachets started with a disimpaction plan.',
      'More water, fruit and vegetables advised.',
      'Toilet routine after meals suggested.',
    ],
    safety: ['Advised to return for vomiting, a swollen tummy or blood in the stool.'],
  },
  {
    reason: 'Rash',
    kinds: PAEDS,
    visitTypes: ['PHONE10'],
    fits: child,
    complaint: ['Telephone call with {companion} about a rash.'],
    history: ['Red rash on the trunk for {days} days after a cold.', 'Eating, drinking and playing normally.'],
    exam: ['Photos sent in show a fine blanching rash.'],
    assessment: ['Likely viral rash.'],
    plan: ['No treatment needed.', 'Paracetamol if uncomfortable.'],
    safety: ['Advised to call 999 if the rash does not fade under a glass.'],
  },
]

const skin: Scenario[] = [
  {
    reason: 'Psoriasis review',
    kinds: ['derm'],
    visitTypes: FACE,
    fits: adult,
    complaint: ['Review of plaque psoriasis on the elbows and scalp.'],
    history: [
      'Plaques itchy and flaking for {months} months.',
      'No joint pain or swelling.',
      'Coal tar shampoo helps the scalp.',
    ],
    exam: ['Well-defined scaly plaques on both elbows, about {bsa}% of body surface.', 'Pitting of two fingernails.'],
    plan: ['Calcipotriol and betamethasone gel once daily for 4 weeks.', 'Emollients to continue.'],
    safety: ['Advised to return if joints become painful or swollen.'],
  },
  {
    reason: 'Acne',
    kinds: ['derm', 'gp'],
    visitTypes: FACE,
    fits: (p) => p.age >= 13 && p.age < 35,
    complaint: ['Acne on the face and back for {months} months.'],
    history: ['Tried benzoyl peroxide wash for 8 weeks without much change.', 'Affecting confidence.'],
    exam: ['Papules and pustules on the cheeks and forehead with early scarring.'],
    plan: [
      'Adapalene with benzoyl peroxide gel at night.',
      'Lymecycline 408 mg once daily for 3 months.',
      'Review in 12 weeks.',
    ],
    safety: ['Advised to stop lymecycline and seek help for a severe headache or change in vision.'],
  },
  {
    reason: 'Mole check',
    kinds: ['derm', 'gp'],
    visitTypes: FACE,
    fits: adult,
    complaint: ['Concern about a changing mole on the {side} shoulder.'],
    history: [
      'Noticed it darkening over {months} months.',
      'No bleeding or itching.',
      'Fair skin with a history of sunburn.',
    ],
    exam: [
      'Dermoscopy shows a symmetrical {mm} mm pigmented lesion with a regular network.',
      'No other suspicious lesions on a full skin check.',
    ],
    assessment: ['Benign melanocytic naevus.'],
    plan: ['Reassured; photographs taken for comparison.', 'Sun protection advice given.'],
    safety: ['Advised to return if the mole grows, bleeds or changes shape or colour.'],
  },
  {
    reason: 'Facial redness',
    kinds: ['derm'],
    visitTypes: FACE,
    fits: adult,
    complaint: ['Facial redness and flushing for {months} months.'],
    history: ['Worse with hot drinks, alcohol and sunlight.', 'Eyes feel gritty at times.'],
    exam: ['Redness of the central face with papules and no comedones.'],
    assessment: ['Rosacea.'],
    plan: ['Ivermectin 1% cream once daily for 12 weeks.', 'Daily sunscreen advised.'],
    safety: ['Advised to return if the eyes become painful or red.'],
  },
  {
    reason: 'Eczema review',
    kinds: ['derm'],
    visitTypes: ['GP15', 'GP30', 'PHONE10'],
    fits: adult,
    complaint: ['Review of hand eczema.'],
    history: ['Works as a {job} with frequent hand washing.', 'Cracks on the fingers for {weeks} weeks.'],
    exam: ['Dry, fissured skin on the backs of both hands without infection.'],
    plan: ['Betamethasone valerate 0.1% ointment once daily for 2 weeks.', 'Cotton-lined gloves for wet work.'],
    safety: ['Advised to return if the skin weeps, crusts or becomes painful.'],
  },
]

const nursing: Scenario[] = [
  {
    reason: 'Blood pressure check',
    problem: 'hypertension',
    kinds: ['nurse'],
    visitTypes: ['NURSE20'],
    complaint: [
      'Blood pressure check requested by the GP.',
      'Blood pressure check after a change of dose {weeks} weeks ago.',
    ],
    history: ['Taking amlodipine as prescribed.'],
    exam: ['Seated blood pressure {sys}/{dia} mmHg, repeat {sys2}/{dia2} mmHg.'],
    plan: ['Readings passed to the GP for review.', 'Next blood pressure check in {weeks} weeks.'],
  },
  {
    reason: 'Diabetic foot check',
    problem: 't2dm',
    kinds: ['nurse'],
    visitTypes: ['NURSE20'],
    complaint: ['Annual diabetic foot check.', 'Diabetic foot check and bloods.'],
    history: ['No numbness or tingling in the feet.'],
    exam: ['Foot pulses palpable and monofilament sensation intact in both feet.', 'Skin intact, no callus or ulcers.'],
    assessment: ['Low risk of foot ulcers.'],
    plan: ['Foot care leaflet given.', 'Bloods taken for HbA1c, kidney function and lipids.'],
    safety: ['Advised to seek same-day help for any break in the skin of the feet.'],
  },
  {
    reason: 'Asthma review',
    problem: 'asthma',
    kinds: ['nurse'],
    visitTypes: ['NURSE20'],
    complaint: [
      'Asthma review with the practice nurse.',
      'Nurse asthma review, {nights} nights of waking in the last month.',
    ],
    history: ['Using the preventer inhaler most days.', 'Reliever needed {puffs} times a week.'],
    exam: [
      'Peak flow of {peak} L/min today.',
      'Inhaler technique observed; reminded to hold the breath for 10 seconds.',
    ],
    plan: ['Asthma action plan reviewed.', 'Prescription for a spacer requested from the GP.'],
  },
  {
    reason: 'Cervical screening',
    kinds: ['nurse'],
    visitTypes: ['NURSE20'],
    fits: (p) => p.sex === 'female' && p.age >= 25 && p.age < 65,
    complaint: ['Cervical screening.'],
    history: ['Last screening test 3 years ago was normal.', 'No abnormal bleeding or discharge.'],
    exam: ['Cervix looked healthy and the sample was taken without difficulty.'],
    plan: ['Result letter expected within 2 weeks.'],
    safety: ['Advised to contact the surgery about any bleeding after sex or between periods.'],
  },
  {
    reason: 'Childhood immunisations',
    kinds: ['nurse'],
    visitTypes: ['NURSE20'],
    fits: (p) => p.age < 6,
    complaint: ['Childhood immunisations, seen with {companion}.'],
    history: ['Well today with no fever.', 'No reactions to previous vaccines.'],
    exam: ['Vaccines given into both thighs.'],
    plan: ['Paracetamol advice given for fever after the vaccines.', 'Next immunisations due at the routine age.'],
    safety: ['Advised to seek help if a high fever or unusual crying lasts more than 24 hours.'],
  },
  {
    reason: 'Wound dressing',
    kinds: ['nurse'],
    visitTypes: ['NURSE20'],
    complaint: ['Dressing change for a wound on the {side} shin.'],
    history: ['Knocked the shin on a car door {days} days ago.'],
    exam: ['Wound {mm} mm long, edges clean, no spreading redness.'],
    plan: ['Cleaned with saline and a non-adherent dressing applied.', 'Next dressing change in 3 days.'],
    safety: ['Advised to return sooner if redness spreads, pus appears or a fever develops.'],
  },
  {
    reason: 'Travel vaccinations',
    kinds: ['nurse'],
    visitTypes: ['NURSE20'],
    fits: adult,
    complaint: ['Travel vaccinations before a trip to {destination}.'],
    history: ['Leaving in {weeks} weeks.', 'No previous reactions to vaccines.'],
    exam: ['Hepatitis A and typhoid vaccines given in the left arm.'],
    plan: ['Malaria prevention advice given; to get tablets from the pharmacy.', 'Insect bite avoidance discussed.'],
  },
  {
    reason: 'Blood test',
    kinds: ['nurse'],
    visitTypes: ['NURSE20'],
    complaint: ['Blood test requested by the GP.'],
    history: ['Fasted since 10 pm.'],
    exam: ['Bloods taken from the left arm at the first attempt.'],
    plan: ['Results go to the requesting GP within 3 working days.'],
  },
  {
    reason: 'Flu vaccination',
    kinds: ['nurse'],
    visitTypes: ['NURSE20'],
    fits: (p) => p.age >= 65 || p.problems.has('asthma') || p.problems.has('copd') || p.problems.has('t2dm'),
    complaint: ['Flu vaccination.'],
    history: ['No previous reaction to the flu vaccine.', 'Feeling well today.'],
    exam: ['Vaccine given into the {side} upper arm.'],
    plan: ['Batch number recorded.', 'Told that a sore arm for a day or two is common.'],
  },
]

const physio: Scenario[] = [
  {
    reason: 'Knee osteoarthritis',
    problem: 'osteoarthritis',
    kinds: ['physio'],
    visitTypes: ['PHYSIO45'],
    complaint: ['Physiotherapy assessment for {side} knee osteoarthritis.'],
    history: ['Pain {pain}/10 on stairs and after walking for {walk} minutes.', 'Stiff after sitting.'],
    exam: [
      'Knee flexion {flex} degrees with full extension.',
      'Quadriceps weak on the {side}; single leg stance 8 seconds.',
    ],
    assessment: ['Function limited by knee osteoarthritis.'],
    plan: [
      'Home programme of sit-to-stand, straight leg raises and step-ups.',
      'Advised to build up walking gradually.',
    ],
    safety: ['Advised to contact the GP if the knee becomes hot and swollen.'],
  },
  {
    reason: 'Low back pain',
    problem: 'backpain',
    kinds: ['physio'],
    visitTypes: ['PHYSIO45'],
    fits: adult,
    complaint: ['Physiotherapy assessment for low back pain of {weeks} weeks.'],
    history: ['Pain {pain}/10, worse bending and sitting.', 'No numbness, weakness or bladder symptoms.'],
    exam: ['Lumbar flexion to mid-shin, extension painful.', 'Neurological examination of the legs normal.'],
    plan: ['Graded activity and core exercises taught.', 'Advised to keep moving and avoid bed rest.'],
    safety: ['Advised to attend A&E with numbness between the legs or loss of bladder control.'],
  },
  {
    reason: 'Shoulder pain',
    kinds: ['physio'],
    visitTypes: ['PHYSIO45'],
    fits: adult,
    complaint: ['Assessment of {side} shoulder pain for {weeks} weeks.'],
    history: ['Pain reaching overhead and lying on that side.', 'Works as a {job}.'],
    exam: ['Active abduction to {abd} degrees with a painful arc.', 'Strength good; tests point to subacromial pain.'],
    plan: ['Isometric rotator cuff exercises started.', 'Posture advice given.'],
    safety: ['Advised to seek review if the arm becomes weak or numb.'],
  },
  {
    reason: 'Ankle sprain rehabilitation',
    kinds: ['physio'],
    visitTypes: ['PHYSIO45'],
    fits: (p) => p.age >= 12,
    complaint: ['Rehabilitation after a {side} ankle sprain {weeks} weeks ago.'],
    history: ['Ankle still gives way on uneven ground.', 'Back to walking without pain.'],
    exam: ['Mild swelling; single leg balance 10 seconds against 30 on the other side.'],
    plan: ['Balance and calf strengthening programme.', 'Return to running plan given.'],
  },
  {
    reason: 'Neck pain',
    kinds: ['physio'],
    visitTypes: ['PHYSIO45'],
    fits: adult,
    complaint: ['Neck pain and stiffness for {weeks} weeks.'],
    history: ['Desk-based work; pain worse by late afternoon.', 'No arm pain, pins and needles or dizziness.'],
    exam: ['Neck rotation reduced to the {side}.', 'Arm neurology normal.'],
    plan: ['Range of movement exercises and workstation advice.'],
    safety: ['Advised to seek urgent help for arm weakness, dizziness or trouble walking.'],
  },
  {
    reason: 'Physiotherapy follow-up',
    kinds: ['physio'],
    visitTypes: ['PHONE10'],
    complaint: ['Telephone follow-up after a physiotherapy assessment.'],
    history: ['Doing the home exercises every day.', 'Pain down to {pain}/10.'],
    exam: ['Reports walking {walk} minutes without stopping.'],
    plan: ['Exercises progressed with resistance band work.', 'Face-to-face review in {weeks} weeks.'],
    safety: ['Advised to call if pain worsens or new numbness develops.'],
  },
]

const calls: Scenario[] = [
  {
    reason: 'Urinary symptoms',
    kinds: GP,
    visitTypes: ['PHONE10'],
    fits: (p) => p.sex === 'female' && p.age >= 16 && p.age < 65,
    complaint: ['Telephone call about burning on passing urine for {fewDays} days.'],
    history: [
      'No fever, back pain or vomiting.',
      (c) => (c.p.age < 50 ? 'Not pregnant.' : null),
      'Similar symptoms last year settled with antibiotics.',
    ],
    exam: ['Urine sample left at reception this morning tested positive for nitrites.'],
    plan: [
      'Nitrofurantoin 100 mg modified release twice daily for 3 days sent to the pharmacy.',
      'Urine sent for culture.',
    ],
    safety: ['Advised to call back the same day if fever, back pain or vomiting develop.'],
  },
  {
    reason: 'Diarrhoea and vomiting',
    kinds: GP,
    visitTypes: ['PHONE10'],
    fits: adult,
    complaint: ['Telephone call about diarrhoea and vomiting for {fewDays} days.'],
    history: ['Keeping sips of fluid down since this morning.', 'No blood in the stool.', 'Passing urine normally.'],
    exam: ['Sounds well and talking in full sentences.'],
    assessment: ['Likely viral gastroenteritis.'],
    plan: [
      'Oral rehydration solution from the pharmacy advised.',
      'Stay off work until 48 hours after the last episode.',
    ],
    safety: ['Advised to call back for blood in the stool, severe tummy pain or no urine for 12 hours.'],
  },
  {
    reason: 'Blood test results',
    kinds: ['gp', 'nurse', 'derm'],
    visitTypes: ['PHONE10'],
    fits: adult,
    complaint: ['Telephone call to discuss blood test results.'],
    history: ['Identity confirmed with date of birth and address.'],
    exam: ['Full blood count and kidney function normal.', 'Vitamin D of {vitd} nmol/L is low.'],
    plan: ['Colecalciferol 800 units daily started.', 'No further tests needed for now.'],
    safety: ['Advised to call back if new symptoms develop.'],
  },
  {
    reason: 'Medication review',
    kinds: ['gp', 'nurse'],
    visitTypes: ['PHONE10'],
    fits: (p) => p.medications.length > 0,
    complaint: ['Telephone medication review.'],
    history: [
      (c) => `Taking ${c.p.medications[0]?.split(' ')[0]?.toLowerCase()} as prescribed with no side effects.`,
      'Collects repeat prescriptions from the local pharmacy.',
    ],
    exam: ['Last blood tests within the past year were satisfactory.'],
    plan: ['Repeat prescriptions authorised for 12 months.', 'Reminded to book the annual review.'],
  },
  {
    reason: 'Fit note',
    kinds: ['gp'],
    visitTypes: ['PHONE10'],
    fits: (p) => p.age >= 18 && p.age < 67,
    complaint: ['Telephone request to extend a fit note.'],
    history: ['Off work with low back pain for {weeks} weeks.', 'Improving with physiotherapy exercises.'],
    exam: ['Walking around the house comfortably.'],
    plan: ['Fit note issued for 2 weeks; may be fit for amended duties.'],
  },
  {
    reason: 'Eczema treatment',
    kinds: ['derm', 'paeds'],
    visitTypes: ['PHONE10'],
    complaint: ['Telephone review of eczema treatment.'],
    history: ['Skin much better after the course of steroid cream.', 'Using emollient daily.'],
    exam: ['No itching at night this week.'],
    plan: ['Steroid cream to stop; emollient to continue.'],
    safety: ['Advised to call back if the skin flares again or looks infected.'],
  },
]

const newPatients: Scenario[] = [
  {
    reason: 'New patient check',
    kinds: ['gp', 'nurse'],
    visitTypes: ['NEWPT30'],
    fits: adult,
    complaint: ['New patient health check after moving to the area.', 'Health check on registering with the practice.'],
    history: [
      (c) => (c.v.smoker ? 'Smokes {cig} cigarettes a day.' : 'Never smoked.'),
      'Drinks about {units} units of alcohol a week.',
      (c) =>
        c.v.familyHeart ? 'Father had a heart attack before the age of 60.' : 'No family history of heart disease.',
      (c) =>
        c.p.medications.length
          ? 'Repeat medicines transferred from the previous practice.'
          : 'Takes no regular medicines.',
    ],
    exam: [
      'Blood pressure {sys}/{dia} mmHg, pulse {hr}.',
      'Height {height} cm, weight {weight} kg, BMI {bmi}.',
      'Urine dipstick normal.',
    ],
    plan: [
      'Previous records requested.',
      (c) => (c.p.age >= 40 ? 'Invited for a cholesterol and diabetes blood test.' : 'Registered for online access.'),
      (c) => (c.v.smoker ? 'Referred to the stop smoking service.' : null),
    ],
  },
  {
    reason: 'New patient check',
    kinds: ['gp', 'nurse', 'paeds'],
    visitTypes: ['NEWPT30'],
    fits: child,
    complaint: ['New patient check after moving to the area, seen with {companion}.'],
    history: ['Immunisations up to date in the personal health record.', 'No hospital admissions.'],
    exam: ['Weight {childWeight} kg, growing along the expected centile.', 'Development appropriate for age.'],
    plan: ['Previous records requested.', 'Next routine immunisations noted.'],
  },
]

export const scenarios: Scenario[] = [
  ...reviews,
  ...acute,
  ...children,
  ...skin,
  ...nursing,
  ...physio,
  ...calls,
  ...newPatients,
]
