/**
 * Answers kept, by name, while nothing is written (the response cache's change mark, `changeMark`) and
 * until `validUntil` (ms since the epoch, asked after each build: a subscription starts or ends and the
 * shown ads change without a write), `maxAgeMs` at most. Without a change mark (PostgreSQL without
 * Redis) nothing is kept. At most `maxEntries`, the least recently used going first. Used for what is
 * costly to build and asked again and again: the sitemaps (50,000 URLs a file), the server's renders of
 * public pages.
 */
export class KeptUntilChange<T> {
  private mark: string | undefined;
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(
    private readonly changeMark: () => string | undefined,
    private readonly validUntil: () => Promise<number> | number,
    private readonly maxAgeMs = 3_600_000,
    private readonly maxEntries = Infinity,
  ) {}

  /** The kept value of this name, or the one `build` makes (kept unless a write came meanwhile). */
  async get(name: string, build: () => Promise<T | undefined>): Promise<T | undefined> {
    const mark = this.changeMark();
    if (mark === undefined) return build();
    if (mark !== this.mark) {
      this.entries.clear();
      this.mark = mark;
    }
    const kept = this.entries.get(name);
    if (kept && Date.now() < kept.until) {
      this.entries.delete(name);
      this.entries.set(name, kept);
      return kept.value;
    }
    const value = await build();
    const until = Math.min(await this.validUntil(), Date.now() + this.maxAgeMs);
    if (value !== undefined && this.changeMark() === mark) {
      this.entries.set(name, { value, until });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }
}
