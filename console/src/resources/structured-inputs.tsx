import { Box, Typography } from '@mui/material';
import {
  ArrayInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  maxValue,
  minValue,
  required,
  useTranslate,
} from 'react-admin';
import type { Validator } from 'react-admin';
import { valueAt } from './record-values';

const ADDRESS_LINES = ['address1', 'address2', 'address3'] as const;

/** The API's postal address: street lines, postcode, city and a two-letter country code. */
export function AddressInput({ source }: { source: string }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate('console.address.title')}
      </Typography>
      {ADDRESS_LINES.map((line) => (
        <TextInput key={line} source={`${source}.${line}`} label={`console.address.${line}`} fullWidth />
      ))}
      <TextInput source={`${source}.zip`} label="console.address.zip" fullWidth />
      <TextInput source={`${source}.city`} label="console.address.city" fullWidth />
      <TextInput
        source={`${source}.country_code`}
        label="console.address.country_code"
        validate={(value: unknown) => (value && !/^[A-Za-z]{2}$/.test(String(value)) ? 'console.errors.country_code' : undefined)}
        helperText="console.address.country_code_hint"
        fullWidth
      />
    </Box>
  );
}

/** Latitude and longitude go together: one without the other is refused as the API refuses it. */
const bothOrNeither =
  (other: string): Validator =>
  (value: unknown, values: unknown) => {
    const otherValue = valueAt(values, other);
    const given = (candidate: unknown) => candidate !== undefined && candidate !== null && candidate !== '';
    return !given(value) && given(otherValue) ? 'console.errors.gps_pair' : undefined;
  };

/** GPS coordinates in degrees, each checked against its range as it is typed. */
export function GpsInput({ source }: { source: string }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate('console.gps.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <NumberInput
          source={`${source}.gps_latitude`}
          label="console.gps.latitude"
          step={0.000001}
          validate={[minValue(-90), maxValue(90), bothOrNeither(`${source}.gps_longitude`)]}
          helperText="console.gps.latitude_hint"
        />
        <NumberInput
          source={`${source}.gps_longitude`}
          label="console.gps.longitude"
          step={0.000001}
          validate={[minValue(-180), maxValue(180), bothOrNeither(`${source}.gps_latitude`)]}
          helperText="console.gps.longitude_hint"
        />
      </Box>
    </Box>
  );
}

const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

/** `08:00:00` as the time input shows it (`08:00`), and back. */
const formatTime = (value: unknown) => (typeof value === 'string' ? value.slice(0, 5) : '');
const parseTime = (value: string) => (value ? (value.length === 5 ? `${value}:00` : value) : null);

/** Each interval closes after it opens; the form's values are `HH:MM:SS`, so they compare as text. */
const closesAfterOpening: Validator = (intervals: unknown) =>
  Array.isArray(intervals) &&
  (intervals as { from?: unknown; to?: unknown }[]).some(({ from, to }) => typeof from === 'string' && typeof to === 'string' && to <= from)
    ? 'console.errors.closes_before_opening'
    : undefined;

/** Opening hours: any number of weekdays, each with one or more open-close intervals. */
export function OpeningHoursInput({ source }: { source: string }) {
  return (
    <ArrayInput source={source} label="console.opening.title">
      <SimpleFormIterator disableReordering fullWidth>
        <SelectInput
          source="day_id"
          label="console.opening.day"
          choices={DAYS.map((day) => ({ id: day, name: `console.opening.days.${day}` }))}
          validate={required()}
        />
        <ArrayInput source="time_intervals" label="console.opening.intervals" validate={[required(), closesAfterOpening]}>
          <SimpleFormIterator inline disableReordering>
            <TextInput
              source="from"
              type="time"
              label="console.opening.from"
              format={formatTime}
              parse={parseTime}
              validate={required()}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextInput
              source="to"
              type="time"
              label="console.opening.to"
              format={formatTime}
              parse={parseTime}
              validate={required()}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleFormIterator>
    </ArrayInput>
  );
}
