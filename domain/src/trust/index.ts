/**
 * `@app/domain/trust`: the server-only part of the trust stack: the youth-term list, the
 * text checks and cross-record decisions of the risk signals, and the perceptual-hash helpers. Not in the
 * package's main entry: the web bundles that entry for every visitor, and the term list must not ship to the
 * browser (it would tell anyone which words the checks look for). The web needs only the moderation answer
 * types, which stay in the main entry (`moderation.ts`).
 */
export * from './youth-terms.ts';
export * from './signals.ts';
export * from './text-signals.ts';
export * from './hidden-contacts.ts';
export * from './cross-record-signals.ts';
export * from './phash.ts';
