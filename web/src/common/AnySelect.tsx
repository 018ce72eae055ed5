/** A list filter: a labelled select whose first choice, '', lets every row through. */
export function AnySelect(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Values shown as themselves, or [value, text] pairs. */
  readonly options: readonly (string | readonly [string, string])[];
  readonly any?: string;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{props.any ?? 'Any'}</option>
        {props.options.map((option) =>
          typeof option === 'string' ? (
            <option key={option}>{option}</option>
          ) : (
            <option key={option[0]} value={option[0]}>
              {option[1]}
            </option>
          ),
        )}
      </select>
    </label>
  );
}

/** The enabled/disabled choices of a list's State filter. */
export const STATE_CHOICES: readonly (readonly [string, string])[] = [
  ['true', 'Enabled'],
  ['false', 'Disabled'],
];
