import { defaultTheme } from 'react-admin';
import type { RaThemeOptions } from 'react-admin';

/** react-admin's theme with a focus ring on everything the keyboard reaches, so the focus is always visible. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': { outline: '3px solid #1a56c4', outlineOffset: '2px' },
      },
    },
  },
};
