import { useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { MESSAGES } from '@app/domain';
import type { AdFormValues, ProviderAttributes, TAdForm } from '@app/domain';
import { ProviderCard } from '../ProviderCard.tsx';
import { useLanguages, useRaces } from '../api.ts';

const F = MESSAGES.adForm;

const joined = (list: readonly string[] | undefined) => (list && list.length ? list.join(',') : null);
const answer = (value: string | undefined) => (value ? value : null);
const money = (value: string | undefined) => {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** The card's attributes for the form's values, with the picked photos and video as local URLs. */
export function toPreviewAttributes(
  values: Partial<AdFormValues>,
  media: { images: readonly string[]; video: string | null },
  names: { language?: string; race?: string },
): ProviderAttributes {
  const age = Number(values.age);
  return {
    title: values.title?.trim() || F.previewTitle,
    name: values.name?.trim() || F.previewName,
    country: values.country ?? 'US',
    state: values.state ?? '',
    city: values.city ?? '',
    age: Number.isInteger(age) && age > 0 ? age : 0,
    phone: values.phone?.trim() || null,
    call: answer(values.call),
    massage: answer(values.massage),
    threesome: answer(values.threesome),
    kissing: answer(values.kissing),
    kissing_types: joined(values.kissing_types),
    fellatio: answer(values.fellatio),
    fellatio_type: joined(values.fellatio_type),
    cunnilingus: answer(values.cunnilingus),
    anilingus: answer(values.anilingus),
    anilingus_act: joined(values.anilingus_act),
    vaginal: answer(values.vaginal),
    vaginal_type: joined(values.vaginal_type),
    anal: answer(values.anal),
    anal_activity: joined(values.anal_activity),
    cum: answer(values.cum),
    cum_type: joined(values.cum_type),
    personality: joined(values.personality),
    grooming: joined(values.grooming),
    donation_half_hour: money(values.donation_half_hour),
    donation_hour: money(values.donation_hour),
    message: values.message?.trim() || null,
    services_provided_approval: values.services_provided_approval === true,
    isShowed: false,
    likes_count: 0,
    dislikes_count: 0,
    averages_count: 0,
    comments_count: 0,
    createdAt: '',
    updatedAt: '',
    images: {
      data: media.images.map((url, index) => ({ id: index + 1, attributes: { name: `${index}`, url } })),
    },
    video: { data: media.video ? { id: 1, attributes: { name: 'video', url: media.video } } : null },
    language: { data: names.language ? { id: 1, attributes: { lang_name: names.language } } : null },
    race: { data: names.race ? { id: 1, attributes: { race_name: names.race } } : null },
  };
}

/**
 * The live preview (spec 001 §2 "Create ad form"): the directory's own card, fed with the form's
 * values and the picked files (or the ad's saved ones).
 */
export function AdPreview({
  control,
  images,
  video,
}: {
  control: Control<AdFormValues, unknown, TAdForm>;
  images: readonly string[];
  video: string | null;
}) {
  const values = useWatch({ control }) as Partial<AdFormValues>;
  const languages = useLanguages();
  const races = useRaces();
  const language = languages.data?.find((l) => String(l.id) === values.language)?.attributes.lang_name;
  const race = races.data?.find((r) => String(r.id) === values.race)?.attributes.race_name;
  const attributes = toPreviewAttributes(values, { images, video }, { language, race });
  return (
    <section className="ad-preview" aria-labelledby="ad-preview-title">
      <h2 id="ad-preview-title" className="h6 text-uppercase text-body-secondary mb-1">
        {F.preview}
      </h2>
      <p className="small text-body-secondary mb-2">{F.previewHint}</p>
      <ProviderCard provider={{ id: 0, attributes }} preview />
    </section>
  );
}
