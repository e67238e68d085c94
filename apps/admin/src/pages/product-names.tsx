import { PRODUCT_NAME_LANGS, type ProductNames } from '@app/contract';
import { Input } from 'antd';
import { LANG_LABELS, namedIn, type NameDrafts, type NameField } from '../product-names';
import type { Problems } from '../withdrawal-forms';
import { Field } from '../ui/form';

/**
 * A product form's names in the other seven languages (issue 34): each optional, each checked as
 * the contract checks it; a language left empty shows the English name to its users.
 */
export function NamesFieldset({
  id,
  names,
  problems,
  onChange,
}: {
  id: string;
  names: NameDrafts;
  problems: Problems<NameField>;
  onChange: (names: NameDrafts) => void;
}) {
  return (
    <fieldset className="rules-editor">
      <legend>Name in other languages (optional: a language left empty shows the English name)</legend>
      <div className="setting__fields">
        {PRODUCT_NAME_LANGS.map((lang) => (
          <Field
            key={lang}
            id={`${id}-name-${lang}`}
            label={`Name in ${LANG_LABELS[lang]}`}
            problem={problems[`names.${lang}`]}
          >
            {(p) => (
              <Input
                {...p}
                lang={lang}
                value={names[lang]}
                maxLength={80}
                autoComplete="off"
                onChange={(e) => onChange({ ...names, [lang]: e.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}

/** A products table's first cell: the English name, the coin, and the languages it has a name of its own in. */
export function ProductNameCell({ name, names, currency }: { name: string; names: ProductNames; currency: string }) {
  return (
    <>
      <strong>{name}</strong>
      <div className="muted">{currency}</div>
      <div className="muted">Also named in: {namedIn(names)}</div>
    </>
  );
}
