// Escaping for generated markup: names like "Maria's Bakery" and "Law & Co." must stay valid.
export { escapeHtml as esc } from '../../core/html.ts';

/** JSON inside <script>: "</" would end the script element early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/<\//g, '<\\/');
}
