import winkNLP from 'wink-nlp'
import model from 'wink-eng-lite-web-model'

let instance: ReturnType<typeof winkNLP> | undefined

/** wink-nlp with its English lite model (an npm package: nothing downloads). Loaded on first use. */
export function nlp() {
  instance ??= winkNLP(model)
  return instance
}
