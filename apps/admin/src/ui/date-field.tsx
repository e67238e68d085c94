import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { localInputToMs, msToLocalInput } from '../format';
import type { ControlProps } from './form';

/** What a date and time may be typed as: as shown, or as a `datetime-local` input takes it. */
const FORMATS = ['YYYY-MM-DD HH:mm', 'YYYY-MM-DDTHH:mm'];

/**
 * antd's DatePicker with a time, holding its value as the forms' modules do: local `YYYY-MM-DDTHH:MM`
 * text ('' when empty), so their checks (format.ts localInputToMs) stay as they are.
 */
export function DateTimeField({
  value,
  onChange,
  ...control
}: Partial<ControlProps> & { id: string; value: string; onChange: (value: string) => void }) {
  const ms = localInputToMs(value);
  return (
    <DatePicker
      {...control}
      showTime={{ format: 'HH:mm' }}
      format={FORMATS}
      needConfirm={false}
      className="date-field"
      value={ms === undefined ? null : dayjs(ms)}
      onChange={(d) => onChange(d ? msToLocalInput(d.valueOf()) : '')}
      // A typed date and time counts at once: the picker commits it only when it loses the focus, after a
      // click on the form's button has already sent the form.
      onCalendarChange={(d) => {
        if (d && !Array.isArray(d)) onChange(msToLocalInput(d.valueOf()));
      }}
    />
  );
}
