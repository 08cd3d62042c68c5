// CSV export in the browser host: a page cannot be handed a file path, so `export.csv` answers with
// a one-time download URL, and fetching that URL streams the view as CSV straight from the mirror.
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { zoneFormat } from '../../contract/csv.ts';
import { dispatch } from '../../contract/dispatch.ts';
import type { Result } from '../../contract/errors.ts';
import { methods, type CsvBooleans, type CsvHeaders, type CsvWords, type ListView } from '../../contract/methods.ts';
import type { ExportResult } from '../../contract/types.ts';
import type { Core } from '../../core/index.ts';

export const DOWNLOAD_PATH = '/api/export/';
const TOKEN_TTL_MS = 5 * 60_000;

export interface CsvDownloads {
  /** The `export.csv` call: checks the view, counts its rows, and offers a URL that is good once. */
  offer(args: unknown): Promise<Result<ExportResult>>;
  /** GET /api/export/<token>: the CSV, or 404 for an unknown, used or expired token. */
  serve(res: http.ServerResponse, token: string): Promise<void>;
}

export function createCsvDownloads(core: Core, now: () => number = Date.now): CsvDownloads {
  type Offer = { view: ListView; headers?: CsvHeaders; booleans?: CsvBooleans; words?: CsvWords };
  const offers = new Map<string, Offer & { expiresAt: number }>();

  function take(token: string): Offer | null {
    for (const [key, offer] of offers) if (offer.expiresAt <= now()) offers.delete(key);
    const offer = offers.get(token);
    offers.delete(token);
    return offer ?? null;
  }

  return {
    async offer(args) {
      const parsed = methods['export.csv'].args.safeParse(args);
      if (!parsed.success) return { ok: false, error: { code: 'invalid_argument', message: `Invalid arguments: ${parsed.error.issues[0]?.message ?? 'rejected'}` } };
      const { view, headers, booleans, words } = parsed.data;
      // refused now, while an error can still be said: once the download starts, only a cut connection can
      if (words?.timeZone !== undefined && !knownZone(words.timeZone)) return { ok: false, error: { code: 'invalid_argument', message: `Unknown time zone "${words.timeZone}": give an IANA zone name such as Europe/Madrid.` } };
      const page = await dispatch(core.handlers, 'lists.page', { view, offset: 0, limit: 1 });
      if (!page.ok) return page;
      const token = randomBytes(18).toString('base64url');
      offers.set(token, { view, headers, booleans, words, expiresAt: now() + TOKEN_TTL_MS });
      return { ok: true, value: { location: `${DOWNLOAD_PATH}${token}`, rows: (page.value as { total: number }).total } };
    },

    async serve(res, token) {
      const offer = take(token);
      if (!offer) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('This download link was used already or has expired; export again.');
        return;
      }
      // Checked before the first byte: once 200 is sent, a refusal can only be a cut connection.
      const allowed = await dispatch(core.handlers, 'lists.page', { view: offer.view, offset: 0, limit: 1 });
      if (!allowed.ok) {
        const status = allowed.error.code === 'locked' ? 423 : allowed.error.code === 'not_signed_in' ? 401 : 409;
        res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`The export was not made: ${allowed.error.message}`);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${offer.view.list}.csv"` });
      try {
        await core.writeCsv(offer.view, res, offer.headers, offer.booleans, offer.words);
        res.end();
      } catch {
        // Headers are gone: a cut connection is the only honest way to say the file is incomplete.
        res.destroy();
      }
    },
  };
}

function knownZone(timeZone: string): boolean {
  try {
    zoneFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}
