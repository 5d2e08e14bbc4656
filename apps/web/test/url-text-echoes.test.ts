/** The search box's view of the URL: which texts the router shows are its own sends, and which are not. */
import { describe, expect, it } from 'vitest';
import { UrlTextEchoes } from '../src/lib/url-text-echoes';

describe('a text box that sends its text to the URL', () => {
  it('keeps its text when the router shows a text it sent, older ones included', () => {
    const echoes = new UrlTextEchoes('');
    echoes.sending('writer');
    echoes.sending('writer.0');
    expect(echoes.shows('writer'), 'an older send shown late').toBe(false);
    expect(echoes.last).toBe('writer.0');
    expect(echoes.shows('writer.0')).toBe(false);
    // Caught up: the same text shown again later comes from elsewhere (a link).
    expect(echoes.shows('writer.0')).toBe(true);
  });

  it('takes a text from elsewhere (back/forward, a link), and forgets what it was waiting for', () => {
    const echoes = new UrlTextEchoes('tea');
    echoes.sending('teapot');
    expect(echoes.shows('coffee')).toBe(true);
    expect(echoes.last).toBe('coffee');
    expect(echoes.shows('teapot'), 'no longer awaited').toBe(true);
  });

  it('waits for nothing after sending the text the URL shows (typed and taken back while loading)', () => {
    const echoes = new UrlTextEchoes('ab');
    echoes.sending('abc');
    // Its navigation replaces the one to "abc", which is never shown; the URL does not change.
    echoes.sending('ab');
    expect(echoes.last).toBe('ab');
    // So "abc" reached later by a link is taken into the box.
    expect(echoes.shows('abc')).toBe(true);
    expect(echoes.last).toBe('abc');
  });

  it('after A, B and A again, a later B from elsewhere is taken', () => {
    const echoes = new UrlTextEchoes('a');
    echoes.sending('b');
    echoes.sending('a');
    expect(echoes.shows('b')).toBe(true);
  });
});
