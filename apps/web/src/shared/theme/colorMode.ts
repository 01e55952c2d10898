import { createContext, useContext } from 'react';

export type ColorMode = 'light' | 'dark';

export interface ColorModeValue {
  mode: ColorMode;
  toggle: () => void;
}

export const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => {} });
export const useColorMode = () => useContext(ColorModeContext);
