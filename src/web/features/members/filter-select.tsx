export interface FilterOption {
  value: string | number;
  label: string;
}

interface FilterSelectProps {
  id: string;
  label: string;
  /** The first option, which leaves the filter out ("any country"). */
  anyLabel: string;
  value: string | number | undefined;
  options: FilterOption[];
  onChange: (value: string) => void;
  /** Bootstrap grid classes of the column the filter sits in. */
  columnClass: string;
  disabled?: boolean;
}

/** One search filter: a labelled select whose empty choice means "any". */
export function FilterSelect(props: FilterSelectProps) {
  return (
    <div className={props.columnClass}>
      <label htmlFor={props.id} className="form-label fw-semibold">
        {props.label}
      </label>
      <select
        id={props.id}
        className="form-select"
        value={props.value ?? ''}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{props.anyLabel}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
