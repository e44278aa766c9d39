// Whether a reload of the stored conversation that has just come back may replace what the chat shows. A turn
// the person started while it was loading makes it stale: under load the whole turn can end before the reload
// returns, and the older list would wipe the message just sent and its reply from the screen. Then it is
// loaded once more instead.
export class ReloadGate {
  private turns = 0;

  /** A turn of this tab started (the chat became busy). */
  turnStarted(): void {
    this.turns += 1;
  }

  /** A reload starts: the token to hand to `settle` when it returns. */
  begin(): number {
    return this.turns;
  }

  /** What to do with a reload that started at `token`, now that it returned. */
  settle(token: number, busy: boolean): 'apply' | 'wait' | 'again' {
    if (busy) return 'wait';
    return token === this.turns ? 'apply' : 'again';
  }
}
