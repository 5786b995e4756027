/**
 * The offline weather data of the demo server, and the lookup behind `get_weather`.
 * Pure: no clock, no network, so the demo and its tests print the same thing every run.
 */

/** One city's weather, in the language its name is written in. */
export type CityWeather = {
  /** The names the city answers to (the first is how the report names it). */
  names: readonly string[];
  /** The report, e.g. `北京今天晴，25°C`. */
  report: string;
};

/** The built-in cities. */
export const CITIES: readonly CityWeather[] = [
  { names: ['北京', 'Beijing'], report: '北京今天晴，25°C' },
  { names: ['上海', 'Shanghai'], report: '上海今天多云，22°C' },
  { names: ['广州', 'Guangzhou'], report: '广州今天雷阵雨，29°C' },
  { names: ['深圳', 'Shenzhen'], report: '深圳今天阵雨，28°C' },
  { names: ['杭州', 'Hangzhou'], report: '杭州今天小雨，20°C' },
  { names: ['东京', 'Tokyo'], report: '东京今天晴，18°C' },
  { names: ['Paris', '巴黎'], report: 'Paris: light rain, 14°C' },
  { names: ['London', '伦敦'], report: 'London: overcast, 12°C' },
  { names: ['New York', '纽约'], report: 'New York: sunny, 16°C' },
  { names: ['San Francisco', '旧金山'], report: 'San Francisco: fog, 15°C' },
];

/** What `get_weather` answers: the report, or an error text with a suggestion. */
export type WeatherLookup = { isError: false; text: string } | { isError: true; text: string };

const CJK = /[\u3400-\u9fff]/;

/**
 * Looks a city up by any of its names (case and surrounding space ignored). An unknown city
 * is an error result that suggests the closest known name, in the language of the query:
 * `找不到城市北进，是否想输入北京？`.
 */
export function lookupWeather(city: string): WeatherLookup {
  const query = normalize(city);
  const found = CITIES.find((entry) => entry.names.some((name) => normalize(name) === query));
  if (found !== undefined) return { isError: false, text: found.report };
  const suggestion = suggestCity(city);
  if (CJK.test(city)) {
    return {
      isError: true,
      text: suggestion === undefined ? `找不到城市${city}。` : `找不到城市${city}，是否想输入${suggestion}？`,
    };
  }
  return {
    isError: true,
    text: suggestion === undefined ? `Unknown city "${city}".` : `Unknown city "${city}". Did you mean ${suggestion}?`,
  };
}

/** The known name closest to `city` (edit distance at most half its length), if any. */
export function suggestCity(city: string): string | undefined {
  const query = normalize(city);
  let best: { name: string; distance: number } | undefined;
  for (const entry of CITIES) {
    for (const name of entry.names) {
      const distance = editDistance(query, normalize(name));
      if (best === undefined || distance < best.distance) best = { name, distance };
    }
  }
  if (best === undefined || best.distance > Math.max(1, Math.floor([...query].length / 2))) return undefined;
  return best.name;
}

function normalize(text: string): string {
  return text.trim().toLowerCase();
}

function editDistance(a: string, b: string): number {
  // Compare by code point so a CJK character counts as one edit.
  const left = [...a];
  const right = [...b];
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (left[i - 1] === right[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}
