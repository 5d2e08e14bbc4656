/**
 * What a text box that sends its text to the URL knows of the URL: the text it shows, the last one it
 * has or was sent, and the texts sent that the router has not shown yet (the router shows a sent text
 * only once its list has loaded). A later send replaces the navigation of an earlier one, so a send of
 * the shown text itself leaves none waiting.
 */
export class UrlTextEchoes {
  private shown: string;
  private unshown: string[] = [];
  /** The text the URL has, or the last one sent to it: the box sends only a text other than this. */
  last: string;

  constructor(urlText: string) {
    this.shown = urlText;
    this.last = urlText;
  }

  /** The box is about to send this text. */
  sending(text: string) {
    this.last = text;
    this.unshown = text === this.shown ? [] : [...this.unshown, text];
  }

  /**
   * The router shows this text. True when it comes from elsewhere (back/forward, a link) and the box
   * takes it; false when it is one the box sent, and the box keeps what was typed since.
   */
  shows(urlText: string): boolean {
    this.shown = urlText;
    const mine = this.unshown.indexOf(urlText);
    if (mine >= 0) {
      this.unshown = this.unshown.slice(mine + 1);
      return false;
    }
    this.unshown = [];
    this.last = urlText;
    return true;
  }
}
