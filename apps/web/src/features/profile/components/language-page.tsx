import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, toHeaderLang } from '@app/contract';
import { IconCheck } from '../../../components/icons';
import { useLanguageChoice } from '../hooks/use-language-choice';

/** /pages/profile/language: the eight languages (docs/product.md §9), each named in itself. */
export function LanguagePage() {
  const { t } = useTranslation();
  const name = useId();
  const { language, choose } = useLanguageChoice();

  return (
    <fieldset className="radio-list">
      <legend className="visually-hidden">{t('language.choose')}</legend>
      {LANGUAGES.map((l) => (
        <label key={l} className={`radio-list__item${l === language ? ' is-selected' : ''}`}>
          <input
            type="radio"
            name={name}
            value={l}
            checked={l === language}
            onChange={() => choose(l)}
            className="radio-list__input"
          />
          <span className="radio-list__label" lang={toHeaderLang(l)}>
            {LANGUAGE_NAMES[l]}
          </span>
          {l === language ? <IconCheck size={20} className="radio-list__check" /> : null}
        </label>
      ))}
    </fieldset>
  );
}
