import { cardImage, formatMoney, MESSAGES, type CardImage } from '@app/domain';
import type { ProviderAttributes } from '@app/domain';

const D = MESSAGES.cardDetails;

/** Comma-joined list text (`"Light,Heavy"`) as a list, blanks dropped. */
export function splitList(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** `yes`/`no` as Yes/No, a list as "A, B", nothing as N/A. */
export function formatAnswer(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (text === '' || text === 'N/A') return D.na;
  if (text.toLowerCase() === 'yes') return D.yes;
  if (text.toLowerCase() === 'no') return D.no;
  return splitList(text).join(', ');
}

/** A tri-state service with its sub-types: "Yes (Light, Heavy)", "No", "N/A". */
export function formatService(answer: string | null | undefined, subtypes?: string | null): string {
  const types = splitList(subtypes);
  const base = formatAnswer(answer);
  if (types.length === 0) return base;
  // Sub-types without a parent answer still mean yes (spec 001 §3: a list of sub-types).
  return `${base === D.na ? D.yes : base} (${types.join(', ')})`;
}

/** The Cum line: the choice and its types, e.g. "CIM: Swallow, Spit". */
export function formatCum(cum: string | null | undefined, cumType: string | null | undefined): string {
  const types = splitList(cumType);
  const choice = (cum ?? '').trim();
  if (types.length === 0) return formatAnswer(choice);
  if (choice === '' || choice === 'N/A' || choice.toLowerCase() === 'yes') return types.join(', ');
  return `${formatAnswer(choice)}: ${types.join(', ')}`;
}

/** The call type in words; `Outcall/Incall` is both. */
export function formatCall(call: string | null | undefined): string {
  if (!call) return D.na;
  return call === 'Outcall/Incall' ? D.callBoth : call;
}

/** The price line: "$120.00 / half hour · $200.00 / hour · Incall". */
export function formatPriceLine(
  a: Pick<ProviderAttributes, 'donation_half_hour' | 'donation_hour' | 'call'>,
) {
  const parts: string[] = [];
  if (a.donation_half_hour !== null && a.donation_half_hour !== undefined)
    parts.push(`${formatMoney(a.donation_half_hour)} / ${D.halfHour}`);
  if (a.donation_hour !== null && a.donation_hour !== undefined)
    parts.push(`${formatMoney(a.donation_hour)} / ${D.hour}`);
  if (a.call) parts.push(formatCall(a.call));
  return parts.join(' · ');
}

/** "Other": the services-on-request flag and the provider's message. */
export function formatOther(a: Pick<ProviderAttributes, 'services_provided_approval' | 'message'>): string {
  const message = a.message?.trim() ?? '';
  if (a.services_provided_approval) return message ? `${D.onRequest}: ${message}` : D.onRequest;
  return message || D.na;
}

export interface DetailRow {
  label: string;
  value: string;
  /** A `tel:` link for the phone row. */
  href?: string;
  /** Free text that takes the full width when the facts sit in two columns. */
  wide?: boolean;
}

/** The details panel's rows, in the spec's order (001 §2). */
export function buildDetailRows(a: ProviderAttributes): DetailRow[] {
  const phone = a.phone?.trim() ?? '';
  return [
    { label: D.name, value: a.name || D.na },
    { label: D.location, value: a.city || D.na },
    { label: D.language, value: a.language?.data?.attributes.lang_name ?? D.na },
    { label: D.age, value: a.age ? String(a.age) : D.na },
    { label: D.race, value: a.race?.data?.attributes.race_name ?? D.na },
    { label: D.massage, value: formatAnswer(a.massage) },
    { label: D.threesome, value: formatAnswer(a.threesome) },
    { label: D.kissing, value: formatService(a.kissing, a.kissing_types) },
    { label: D.fellatio, value: formatService(a.fellatio, a.fellatio_type) },
    { label: D.cunnilingus, value: formatAnswer(a.cunnilingus) },
    { label: D.anilingus, value: formatService(a.anilingus, a.anilingus_act) },
    { label: D.vaginal, value: formatService(a.vaginal, a.vaginal_type) },
    { label: D.anal, value: formatService(a.anal, a.anal_activity) },
    { label: D.cum, value: formatCum(a.cum, a.cum_type) },
    { label: D.personality, value: formatAnswer(a.personality) },
    { label: D.grooming, value: formatAnswer(a.grooming) },
    { label: D.other, value: formatOther(a), wide: true },
    phone
      ? { label: D.phone, value: phone, href: `tel:${phone.replace(/[^\d+]/g, '')}` }
      : { label: D.phone, value: D.na },
  ];
}

/** The card's photos (domain `cardImage`: the choice the server's preload of the first one makes too). */
export function cardImages(a: Pick<ProviderAttributes, 'images'>): CardImage[] {
  return (a.images?.data ?? []).flatMap(({ attributes: file }) => {
    const image = cardImage(file);
    return image ? [image] : [];
  });
}

export function videoUrl(a: Pick<ProviderAttributes, 'video'>): string | null {
  return a.video?.data?.attributes.url || null;
}
