import OpenAI from 'openai'
import type { z } from 'zod'

export type ChatMessage = { role: 'system' | 'user'; content: string }

export type Llm = {
  model: string
  /** Asks for a JSON object and parses it with `schema`; throws on transport, JSON or schema failure. */
  json<S extends z.ZodTypeAny>(messages: ChatMessage[], schema: S): Promise<z.output<S>>
}

/** An OpenAI-compatible chat client (OpenAI, Azure, vLLM, Ollama, LM Studio…). */
/** Where the OpenAI-compatible LLM is and which model to ask (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
export type LlmConfig = { baseUrl: string; apiKey: string; model: string }

export function createLlm(config: LlmConfig, { timeoutMs = 60_000 } = {}): Llm {
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, timeout: timeoutMs, maxRetries: 1 })
  return {
    model: config.model,
    async json(messages, schema) {
      const completion = await client.chat.completions.create({
        model: config.model,
        messages,
        temperature: 0,
        response_format: { type: 'json_object' },
      })
      const content = completion.choices[0]?.message?.content
      if (!content) throw new Error('The model returned no content')
      return schema.parse(JSON.parse(content))
    },
  }
}
