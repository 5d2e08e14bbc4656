/**
 * Text an AI model wrote, made safe for WordPress: it goes into HTML escaped, square brackets too
 * (WordPress runs [shortcodes] in a post's text), and a title or meta description keeps no tags or
 * brackets, whatever a keyword may have asked the model to write.
 */
export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\[/g, '&#91;')
    .replace(/\]/g, '&#93;');

export const plainLine = (s: string) =>
  s
    .replace(/[<>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
