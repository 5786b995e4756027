import { describe, expect, it } from 'vitest';
import { lookupWeather, suggestCity } from './weather-data';

describe('the weather server data', () => {
  it('finds a city by any of its names, case and spaces ignored', () => {
    expect(lookupWeather('北京')).toEqual({ isError: false, text: '北京今天晴，25°C' });
    expect(lookupWeather(' beijing ')).toEqual({ isError: false, text: '北京今天晴，25°C' });
    expect(lookupWeather('Paris')).toEqual({ isError: false, text: 'Paris: light rain, 14°C' });
  });

  it('answers an unknown city with an error that suggests the closest name, in the language asked', () => {
    expect(lookupWeather('北进')).toEqual({ isError: true, text: '找不到城市北进，是否想输入北京？' });
    expect(lookupWeather('Pariss')).toEqual({ isError: true, text: 'Unknown city "Pariss". Did you mean Paris?' });
    expect(lookupWeather('火星')).toEqual({ isError: true, text: '找不到城市火星。' });
  });

  it('suggests nothing when no name is close', () => {
    expect(suggestCity('Atlantis')).toBeUndefined();
  });
});
