import { endpoints, pathOf } from '#contract/endpoints'
import { createLinkSigner, type LinkSigner } from '../../lib/signed-link'

/** How long a voice message's link works: a page view, not a share. */
export const TALK_AUDIO_TTL_S = 15 * 60

export const talkAudioSigner = (jwtSecret: string) => createLinkSigner(jwtSecret, 'talk-audio', TALK_AUDIO_TTL_S)

/** A voice message's signed audio path for a user (the browser's <audio> cannot send a bearer token). */
export const audioLinkOf = (signer: LinkSigner) => (userId: number) => (messageId: number) =>
  `${pathOf(endpoints.talkAudio, { id: messageId })}?${signer.sign(String(messageId), userId).query}`
