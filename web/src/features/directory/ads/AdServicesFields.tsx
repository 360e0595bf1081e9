import { Form } from 'react-bootstrap';
import { useWatch } from 'react-hook-form';
import {
  CUM_MOUTH,
  CUM_OPTIONS,
  CUM_PLACES,
  GROOMING,
  isCumMouthEnabled,
  MESSAGES,
  PERSONALITY,
  setCumChoice,
  setServiceAnswer,
  SUBTYPES,
  toggleCumType,
  toggleServiceSubtype,
} from '@app/domain';
import type { CumChoice, CumTypeOption, ParentKey, YesNoAnswer } from '@app/domain';
import { applyAnswers, Choices } from './adFieldParts.tsx';
import type { AdFieldsProps } from './adFieldParts.tsx';

const F = MESSAGES.adForm;
const S = MESSAGES.cardDetails;

const CUM_LABELS: Record<string, string> = {
  no: F.no,
  CIM: MESSAGES.filters.cim,
  Anywhere: MESSAGES.filters.cumAnywhere,
  'N/A': F.na,
};
const SUBTYPE_LABELS: Record<string, string> = { Give: F.give, Receive: F.receive, Both: F.both };
const YES_NO_CHOICES = [
  { value: 'yes', label: F.yes },
  { value: 'no', label: F.no },
] as const;

type YesNoName = 'massage' | 'threesome' | 'cunnilingus' | ParentKey;

/** A yes/no answer; a service with sub-types sets or clears them with it. */
function YesNo({ form, id, name, label }: AdFieldsProps & { name: YesNoName; label: string }) {
  return (
    <div className="ad-service__answer">
      <Choices legend={label}>
        {YES_NO_CHOICES.map((choice) => (
          <Form.Check
            key={choice.value}
            inline
            type="radio"
            id={id(`${name}-${choice.value}`)}
            label={choice.label}
            value={choice.value}
            {...form.register(name, {
              onChange: (event: { target: { value: string } }) => {
                if (name in SUBTYPES)
                  applyAnswers(form, setServiceAnswer(name as ParentKey, event.target.value as YesNoAnswer));
              },
            })}
          />
        ))}
      </Choices>
    </div>
  );
}

/** A service with sub-types (give, receive, both): its yes/no, then the sub-types. */
function ServiceAnswer({ form, id, parent, label }: AdFieldsProps & { parent: ParentKey; label: string }) {
  const { key, options } = SUBTYPES[parent];
  const chosen = useWatch({ control: form.control, name: key }) ?? [];
  return (
    <div className="ad-service">
      <YesNo form={form} id={id} name={parent} label={label} />
      <Choices legend={`${label} · ${F.subtypes}`} className="ad-service__types">
        {options.map((option) => (
          <Form.Check
            key={option}
            inline
            type="checkbox"
            id={id(`${key}-${option}`)}
            label={SUBTYPE_LABELS[option] ?? option}
            checked={chosen.includes(option)}
            onChange={(event) =>
              applyAnswers(form, toggleServiceSubtype(form.getValues(), parent, option, event.target.checked))
            }
          />
        ))}
      </Choices>
    </div>
  );
}

/** A list of ticks (personality, grooming), kept in the list's order. */
function ListChoice({
  form,
  id,
  name,
  label,
  options,
}: AdFieldsProps & { name: 'personality' | 'grooming'; label: string; options: readonly string[] }) {
  const chosen = useWatch({ control: form.control, name }) ?? [];
  return (
    <Choices legend={label}>
      {options.map((option) => (
        <Form.Check
          key={option}
          inline
          type="checkbox"
          id={id(`${name}-${option}`)}
          label={option}
          checked={chosen.includes(option)}
          onChange={(event) => {
            const current = form.getValues(name);
            applyAnswers(form, {
              [name]: options.filter((o) => (o === option ? event.target.checked : current.includes(o))),
            });
          }}
        />
      ))}
    </Choices>
  );
}

/** Cum: the choice, then where (the mouth options only when the choice allows them). */
function CumAnswer({ form, id }: AdFieldsProps) {
  const [cum, cumTypes] = useWatch({ control: form.control, name: ['cum', 'cum_type'] });
  const mouthEnabled = isCumMouthEnabled(cum ?? '');
  const cumType = (option: CumTypeOption, disabled = false) => (
    <Form.Check
      key={option}
      inline
      type="checkbox"
      id={id(`cum-${option}`)}
      label={option}
      disabled={disabled}
      checked={(cumTypes ?? []).includes(option)}
      onChange={(event) => applyAnswers(form, toggleCumType(form.getValues(), option, event.target.checked))}
    />
  );
  return (
    <div className="ad-service">
      <div className="ad-service__answer">
        <Choices legend={S.cum}>
          {CUM_OPTIONS.map((option) => (
            <Form.Check
              key={option}
              inline
              type="radio"
              id={id(`cum-choice-${option}`)}
              label={CUM_LABELS[option] ?? option}
              value={option}
              {...form.register('cum', {
                onChange: (event: { target: { value: string } }) =>
                  applyAnswers(form, setCumChoice(form.getValues(), event.target.value as CumChoice)),
              })}
            />
          ))}
        </Choices>
      </div>
      <Choices legend={`${S.cum} · ${F.cumMouth}`} className="ad-service__types">
        {CUM_MOUTH.map((option) => cumType(option, !mouthEnabled))}
      </Choices>
      <Choices legend={`${S.cum} · ${F.cumPlaces}`} className="ad-service__types">
        {CUM_PLACES.map((option) => cumType(option))}
      </Choices>
    </div>
  );
}

/** Every service answer of an ad, in the card's order (spec 001 §3). */
export function AdServicesFields({ form, id }: AdFieldsProps) {
  const props = { form, id };
  const plain = (name: YesNoName, label: string) => (
    <div className="ad-service">
      <YesNo {...props} name={name} label={label} />
    </div>
  );
  return (
    <section className="ad-services mb-3" aria-labelledby={id('services')}>
      <h2 id={id('services')} className="h6 ad-services__title">
        {F.servicesOptions}
      </h2>
      {plain('massage', S.massage)}
      {plain('threesome', S.threesome)}
      <ServiceAnswer {...props} parent="kissing" label={S.kissing} />
      <ServiceAnswer {...props} parent="fellatio" label={S.fellatio} />
      {plain('cunnilingus', S.cunnilingus)}
      <ServiceAnswer {...props} parent="anilingus" label={S.anilingus} />
      <ServiceAnswer {...props} parent="vaginal" label={S.vaginal} />
      <ServiceAnswer {...props} parent="anal" label={S.anal} />
      <CumAnswer {...props} />
      <div className="ad-service">
        <ListChoice {...props} name="personality" label={S.personality} options={PERSONALITY} />
      </div>
      <div className="ad-service">
        <ListChoice {...props} name="grooming" label={S.grooming} options={GROOMING} />
      </div>
    </section>
  );
}
