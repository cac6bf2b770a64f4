import { EARLIEST_DATE } from '../../domain/fields';
import { DateField } from './DateField';

/**
 * Start and End Date pickers ('Pick a start date' / 'Pick an end date');
 * days after today or before 1900-01-01 cannot be picked, nor an end before
 * the start. Dates are "yyyy-MM-dd" strings, or null when not chosen.
 */
export function DateRangeInputs(props: {
  startDate: string | null;
  endDate: string | null;
  today: string;
  onStartChange: (date: string | null) => void;
  onEndChange: (date: string | null) => void;
}) {
  return (
    <>
      <DateField
        label="Start Date"
        placeholder="Pick a start date"
        valueFormat="MMM DD, YYYY"
        value={props.startDate}
        onChange={props.onStartChange}
        minDate={EARLIEST_DATE}
        maxDate={props.endDate ?? props.today}
        clearable
        w={200}
      />
      <DateField
        label="End Date"
        placeholder="Pick an end date"
        valueFormat="MMM DD, YYYY"
        value={props.endDate}
        onChange={props.onEndChange}
        minDate={props.startDate ?? EARLIEST_DATE}
        maxDate={props.today}
        clearable
        w={200}
      />
    </>
  );
}
