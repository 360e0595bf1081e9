/**
 * Text written into HTML or XML markup (an attribute's value or an element's text): the five characters
 * that could end the value or start a tag or an entity are written as references, valid in both.
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
