import OpenAI from 'openai'
import type { z } from 'zod'

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string }

/** What a call may carry: a signal that stops it (the HTTP request is aborted). */
/** `fresh`: ask the model again, passing by a kept answer (a cache keeps the new one). */
export type LlmCallOptions = { signal?: AbortSignal; fresh?: boolean }

export type Llm = {
  model: string
  /** Asks for a JSON object and parses it with `schema`; throws on transport, JSON or schema failure. */
  json<S extends z.ZodTypeAny>(messages: ChatMessage[], schema: S, options?: LlmCallOptions): Promise<z.output<S>>
  /** Asks for text and yields it as it is written; an aborted signal ends the request. */
  stream?(messages: ChatMessage[], options?: LlmCallOptions): AsyncIterable<string>
}

/** Where the OpenAI-compatible LLM is and which model to ask (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
export type LlmConfig = { baseUrl: string; apiKey: string; model: string }

/** An OpenAI-compatible chat client (OpenAI, Azure, vLLM, Ollama, LM Studio…). */
export function createLlm(config: LlmConfig, { timeoutMs = 60_000 } = {}): Llm {
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, timeout: timeoutMs, maxRetries: 1 })
  return {
    model: config.model,
    async json(messages, schema, { signal } = {}) {
      const completion = await client.chat.completions.create(
        { model: config.model, messages, temperature: 0, response_format: { type: 'json_object' } },
        { signal },
      )
      const content = completion.choices[0]?.message?.content
      if (!content) throw new Error('The model returned no content')
      return schema.parse(JSON.parse(content))
    },
    async *stream(messages, { signal } = {}) {
      const stream = await client.chat.completions.create(
        { model: config.model, messages, temperature: 0, stream: true },
        { signal },
      )
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content
        if (text) yield text
      }
    },
  }
}
