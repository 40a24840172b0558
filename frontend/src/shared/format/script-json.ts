/** JSON for inside a `<script>` element: no `</script>`, no `<!--`, no line separators read as ends of lines. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
