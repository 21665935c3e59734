import type { Config } from '../../platform/config.ts';

/**
 * Translation providers. One implementation today: any LibreTranslate-compatible HTTP API
 * (POST {TRANSLATE_URL}/translate {q, source, target, format, api_key}). Chosen by
 * TRANSLATION_PROVIDER, defaulting to it when TRANSLATE_URL is set; without a provider the
 * feature is off (status enabled:false, translate answers 503) and the UI hides its button.
 */
export interface Translation {
  translatedText: string;
  detectedSource: string | null;
}

export interface TranslationProvider {
  readonly name: string;
  translate(text: string, target: string, source: string): Promise<Translation>;
}

export class TranslationProviderError extends Error {}

const TIMEOUT_MS = 10_000;

export function libreTranslateProvider(baseUrl: string, apiKey?: string): TranslationProvider {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/translate`;
  return {
    name: 'libretranslate',
    async translate(text, target, source) {
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            q: text,
            source,
            target,
            format: 'text',
            ...(apiKey ? { api_key: apiKey } : {}),
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new TranslationProviderError(`translation request failed: ${String(error)}`);
      }
      const body = (await res.json().catch(() => null)) as {
        translatedText?: unknown;
        detectedLanguage?: { language?: unknown };
        error?: unknown;
      } | null;
      if (!res.ok || typeof body?.translatedText !== 'string')
        throw new TranslationProviderError(
          `translation provider answered ${res.status}: ${String(body?.error ?? 'no text')}`,
        );
      const detected = body.detectedLanguage?.language;
      return {
        translatedText: body.translatedText,
        detectedSource: typeof detected === 'string' ? detected : source === 'auto' ? null : source,
      };
    },
  };
}

type TranslationConfig = Pick<
  Config,
  'TRANSLATION_PROVIDER' | 'TRANSLATE_URL' | 'TRANSLATE_API_KEY'
>;

export function translationProviderFor(config: TranslationConfig): TranslationProvider | null {
  const kind = config.TRANSLATION_PROVIDER ?? (config.TRANSLATE_URL ? 'libretranslate' : 'none');
  if (kind === 'none' || !config.TRANSLATE_URL) return null;
  return libreTranslateProvider(config.TRANSLATE_URL, config.TRANSLATE_API_KEY);
}
