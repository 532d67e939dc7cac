// Escaping for generated markup: names like "Maria's Bakery" and "Law & Co." must stay valid.
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON inside <script>: "</" would end the script element early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/<\//g, '<\\/');
}
