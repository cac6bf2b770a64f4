import { Alert } from '@mantine/core';
import { DateField } from './DateField';
import { DATE_INPUT_FORMAT } from './format';

/**
 * The day a screen of the wholesale day (Dispatch, Settlement) shows. Only
 * today's can be acted on; another day is shown as it stands, and the alert
 * says so in the screen's own words.
 */
export function WorkDayField({
  day,
  isToday,
  onChange,
  notToday,
}: {
  day: string;
  isToday: boolean;
  onChange: (day: string) => void;
  notToday: string;
}) {
  return (
    <>
      <DateField
        label="Day"
        valueFormat={DATE_INPUT_FORMAT}
        value={day}
        onChange={(date) => date && onChange(date)}
        w={190}
      />
      {isToday ? null : (
        <Alert color="gray" title="Not today">
          {notToday}
        </Alert>
      )}
    </>
  );
}
