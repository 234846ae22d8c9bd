import { useTranslation } from '@web/i18n/use-translation';

interface OptionSelectProps {
  name: string;
  label: string;
  values: readonly string[];
  value: string | null;
  required?: boolean;
  error?: string | undefined;
}

/** A select over one profile attribute's choices, each translated (profile.options.*). */
export function OptionSelect({
  name,
  label,
  values,
  value,
  required = false,
  error,
}: OptionSelectProps) {
  const { t } = useTranslation();
  const id = `profile-${name}`;
  return (
    <div className="col-sm-6 mb-3">
      <label htmlFor={id} className="form-label fw-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={`form-select${error ? ' is-invalid' : ''}`}
        defaultValue={value ?? ''}
        required={required}
      >
        {!required && <option value="">{t('profile.notSaying')}</option>}
        {values.map((option) => (
          <option key={option} value={option}>
            {t(`profile.options.${name}.${option}`)}
          </option>
        ))}
      </select>
      {error && <div className="invalid-feedback">{error}</div>}
    </div>
  );
}
