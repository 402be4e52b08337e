import { tmpdir } from 'node:os'
import path from 'node:path'
import type { KnowledgeIndex } from '../../engines/chat/knowledge'
import { domainLmFile } from '../../engines/speech/domain-lm'

/** Where the campaigns' language models are written: files named by a hash of their texts, so every API copy on a machine shares them. */
const LM_DIR = path.join(tmpdir(), 'trelli-chat-lm')

const models = new WeakMap<KnowledgeIndex, Map<number, Promise<string | null>>>()

/**
 * pocketsphinx's language model for spoken questions to a campaign: its articles' words (titles,
 * the questions they answer, and text; with the keywords too it did no better on the bench) and the ways customers ask
 * (domain-lm.ts), built once per version of the knowledge base (a re-index gives a new index, so a
 * new model) in a few hundred milliseconds. Null when it cannot be built (no pocketsphinx
 * dictionary on this machine): the recogniser's general model is used then.
 */
export function questionLmOf(index: KnowledgeIndex, campaignId: number): Promise<string | null> {
  let perCampaign = models.get(index)
  if (!perCampaign) models.set(index, (perCampaign = new Map()))
  let model = perCampaign.get(campaignId)
  if (!model) {
    const texts = [
      ...new Set(
        index.chunks.filter((c) => c.campaignId === campaignId).flatMap((c) => [c.title, ...c.questions, c.text]),
      ),
    ]
    model = texts.length ? domainLmFile(texts, LM_DIR).catch(() => null) : Promise.resolve(null)
    perCampaign.set(campaignId, model)
  }
  return model
}
