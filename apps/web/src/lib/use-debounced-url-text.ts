import { useEffect, useRef, useState } from 'react';
import { UrlTextEchoes } from './url-text-echoes';

/** Search texts longer than this are refused by the lists (`searchField`): the boxes stop there. */
export const URL_TEXT_MAX = 200;

/**
 * A text box whose text goes to the URL 300 ms after the last keystroke (`send`), and follows the URL
 * when it changes from elsewhere (back/forward, a link). Each text is sent once: until the router shows
 * it, a re-render must not send it again, since that second send would undo what changed meanwhile (a
 * page turned). What was typed while the router loaded a sent text stays in the box (and is sent in
 * turn) rather than being replaced by that older text.
 */
export function useDebouncedUrlText(urlText: string, send: (text: string) => void) {
  const [text, setText] = useState(urlText);
  const [echoes] = useState(() => new UrlTextEchoes(urlText));
  const sendNow = useRef(send);
  sendNow.current = send;
  useEffect(() => {
    if (echoes.shows(urlText)) setText(urlText);
  }, [echoes, urlText]);
  useEffect(() => {
    const next = text.trim();
    if (next === echoes.last) return;
    const timer = setTimeout(() => {
      echoes.sending(next);
      sendNow.current(next);
    }, 300);
    return () => clearTimeout(timer);
  }, [echoes, text]);
  return [text, setText] as const;
}
