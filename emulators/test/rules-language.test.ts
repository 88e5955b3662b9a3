import { describe, expect, it } from "vitest";
import { loadRules, type FirestoreRulesRequest, type RulesDecision } from "../src/rules/index.js";
import { Bytes, GeoPoint, Ref, makeDocument, memoryReader } from "../src/rules/testing.js";

/** Thursday 29 February 2024, 13:14:15.5 UTC. */
const NOW = new Date("2024-02-29T13:14:15.500Z");

const ITEM = makeDocument("items/i1", {
  title: "Hello",
  count: 5,
  price: 2.5,
  tags: ["a", "b"],
  nested: { a: { b: 1 } },
  when: new Date("2024-01-02T03:04:05.000Z"),
  owner: new Ref("projects/demo-project/databases/(default)/documents/users/alice"),
  blob: new Bytes(new Uint8Array([0x2a, 0xff])),
  place: new GeoPoint(52.52, 13.405),
  nothing: null,
  big: { doubleValue: 3 },
});

function request(overrides: Partial<FirestoreRulesRequest> = {}): FirestoreRulesRequest {
  return {
    service: "cloud.firestore",
    method: "get",
    database: "(default)",
    documentPath: "items/i1",
    auth: { uid: "alice", token: { email: "alice@example.com", admin: true, level: 3 } },
    time: NOW,
    resource: ITEM,
    requestResource: null,
    reader: memoryReader([]),
    ...overrides,
  };
}

async function decide(condition: string, functions = "", req = request()): Promise<RulesDecision> {
  const source = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    ${functions}
    match /items/{id} {
      allow get: if ${condition};
    }
  }
}`;
  return loadRules(source, "firestore.rules").evaluate(req);
}

async function allowed(condition: string, functions = ""): Promise<boolean> {
  return (await decide(condition, functions)).allowed;
}

/** Asserts each condition allows. */
async function allows(...conditions: string[]): Promise<void> {
  for (const c of conditions) expect(await allowed(c), c).toBe(true);
}

/** Asserts each condition denies. */
async function denies(...conditions: string[]): Promise<void> {
  for (const c of conditions) expect(await allowed(c), c).toBe(false);
}

/** Asserts each condition denies because evaluation failed (not merely false). */
async function errors(...conditions: string[]): Promise<void> {
  for (const c of conditions) {
    const d = await decide(c);
    expect(d.allowed, c).toBe(false);
    expect(d.reason, c).toContain("error");
  }
}

describe("literals and operators", () => {
  it("compares and computes ints and floats", async () => {
    await allows(
      "1 + 2 == 3",
      "7 - 10 == -3",
      "6 * 7 == 42",
      "7 / 2 == 3",
      "-7 / 2 == -3",
      "7 % 3 == 1",
    );
    await denies("1 + 2 == 4", "7 / 2 == 3.5", "6 * 7 != 42");
    await allows(
      "1 + 2.5 == 3.5",
      "1 == 1.0",
      "7.0 / 2 == 3.5",
      "0.5 < 1",
      "2 >= 2.0",
      "1e3 == 1000",
    );
    await allows("-(3) == -3", "0x10 == 16", ".5 == 0.5");
  });

  it("errors on overflow and division by zero", async () => {
    await errors("9223372036854775807 + 1 > 0", "1 / 0 == 0", "1 % 0 == 0", "1.0 / 0 > 0");
    await allows("-9223372036854775808 < 0");
  });

  it("compares strings and concatenates", async () => {
    await allows("'a' < 'b'", "'abc' + 'def' == 'abcdef'", "\"dq\" == 'dq'", "'x\\ny'.size() == 3");
    await allows(
      "r'a\\d'.size() == 3",
      "'\\u00e9' == 'é'",
      "'\\x41' == 'A'",
      "'it\\'s'.size() == 4",
    );
    await denies("'b' < 'a'", "'abc' == 'abd'");
    await errors("'a' < 1", "'a' + 1 == 'a1'");
  });

  it("equality across types is false, not an error", async () => {
    await denies("'1' == 1", "null == false", "[1] == 1");
    await allows("null == null", "'1' != 1", "[1, [2]] == [1, [2]]", "{'a': 1} == {'a': 1.0}");
  });

  it("supports ternary, unary not and precedence", async () => {
    await allows("true ? 1 == 1 : false", "!false", "1 + 2 * 3 == 7", "(1 + 2) * 3 == 9");
    await denies("false ? true : false", "!true");
    await errors("1 ? true : true", "!1");
  });

  it("supports in on lists, sets and maps", async () => {
    await allows(
      "'a' in ['a', 'b']",
      "'a' in ['a'].toSet()",
      "'k' in {'k': 1}",
      "'tags' in resource.data",
    );
    await denies("'c' in ['a', 'b']", "'z' in {'k': 1}", "'missing' in resource.data");
    await errors("1 in {'k': 1}", "'a' in 'abc'");
  });

  it("supports is with every type name", async () => {
    await allows(
      "true is bool",
      "1 is int",
      "1.5 is float",
      "1 is number",
      "1.5 is number",
      "'s' is string",
      "[1] is list",
      "{'a': 1} is map",
      "[1].toSet() is set",
      "b'x' is bytes",
      "request.time is timestamp",
      "duration.value(1, 's') is duration",
      "latlng.value(1, 2) is latlng",
      "/a/b is path",
      "resource.data.owner is path",
    );
    await denies("1 is float", "'1' is int", "1.5 is int", "null is map", "1 is constraint");
  });
});

describe("&& and || error semantics", () => {
  it("short-circuits and absorbs errors the other side decides", async () => {
    await allows("true || resource.data.missing", "resource.data.missing || true");
    await denies("false && resource.data.missing", "resource.data.missing && false");
    await errors(
      "false || resource.data.missing",
      "true && resource.data.missing",
      "1 || true == false",
    );
  });
});

describe("variables and data", () => {
  it("exposes request.auth, method, path, time", async () => {
    await allows(
      "request.auth.uid == 'alice'",
      "request.auth.token.email == 'alice@example.com'",
      "request.auth.token.admin == true",
      "request.auth.token.level == 3",
      "request.method == 'get'",
      "request.path == /databases/(default)/documents/items/i1",
      "request.path == /databases/$(database)/documents/items/$(id)",
      "request.time == timestamp.value(1709212455500)",
      "database == '(default)' && id == 'i1'",
    );
    await denies("request.auth.uid == 'bob'", "request.method == 'list'");
    await errors("request.auth.token.missing == 1");
  });

  it("maps Firestore values to rules types", async () => {
    await allows(
      "resource.data.title == 'Hello'",
      "resource.data.count is int && resource.data.count == 5",
      "resource.data.price is float",
      "resource.data.big is float && resource.data.big == 3",
      "resource.data.tags == ['a', 'b']",
      "resource.data.nested.a.b == 1",
      "resource.data['nested']['a'].b == 1",
      "resource.data.when == timestamp.date(2024, 1, 2) + duration.time(3, 4, 5, 0)",
      "resource.data.owner == /databases/(default)/documents/users/alice",
      "resource.data.blob == b'\\x2A\\xFF'",
      "resource.data.place == latlng.value(52.52, 13.405)",
      "resource.data.nothing == null",
      "resource.id == 'i1'",
      "resource.__name__ == /databases/$(database)/documents/items/i1",
    );
    await errors("resource.data.nothing.x == 1", "resource.data.missing == null");
  });

  it("indexes lists, strings and paths and takes ranges", async () => {
    await allows(
      "resource.data.tags[1] == 'b'",
      "'hello'[1] == 'e'",
      "'hello'[1:3] == 'el'",
      "'hello'[:2] == 'he'",
      "[1, 2, 3, 4][1:3] == [2, 3]",
      "[1, 2, 3][1:] == [2, 3]",
      "resource.__name__[4] == 'i1'",
    );
    await errors(
      "resource.data.tags[2] == 'x'",
      "resource.data.tags[-1] == 'b'",
      "[1, 2][1:5] == [2]",
    );
  });
});

describe("functions", () => {
  it("calls global and scoped functions with let bindings", async () => {
    const fns = `
      function isAlice() { return request.auth.uid == 'alice'; }
      function sum(a, b) { let s = a + b; let t = s * 2; return t / 2; }`;
    expect(await allowed("isAlice() && sum(2, 3) == 5", fns)).toBe(true);
    expect(await allowed("sum(2, 3) == 6", fns)).toBe(false);
  });

  it("lets functions in a match block see its wildcards", async () => {
    const fns = "function db() { return database; }";
    expect(await allowed("db() == '(default)'", fns)).toBe(true);
    expect(await allowed("db() == 'other'", fns)).toBe(false);
  });

  it("allows recursion up to the documented call depth of 20", async () => {
    const fns = "function down(n) { return n <= 0 ? true : down(n - 1); }";
    expect(await allowed("down(19)", fns)).toBe(true);
    const deep = await decide("down(25)", fns);
    expect(deep.allowed).toBe(false);
    expect(deep.reason).toContain("depth");
  });

  it("turns errors inside functions into denies", async () => {
    const fns = "function bad() { return resource.data.missing == 1; }";
    await expect(decide("bad()", fns)).resolves.toMatchObject({ allowed: false });
  });
});

describe("strings", () => {
  it("provides the documented string methods", async () => {
    await allows(
      "'Hello'.size() == 5",
      "'héllo'.size() == 5",
      "'user@domain.com'.matches('.*@domain[.]com')",
      "'ABC'.lower() == 'abc'",
      "'abc'.upper() == 'ABC'",
      "'  x '.trim() == 'x'",
      "'a,b,c'.split(',') == ['a', 'b', 'c']",
      "'banana'.replace('a', 'o') == 'bonono'",
      "'foo@test.com'.replace('.', '-') == '------------'",
      "'€'.toUtf8() == b'\\xE2\\x82\\xAC'",
      "'(?i)ABC'.size() == 7 && 'abc'.matches('(?i)ABC')",
    );
    await denies(
      "'banana'.matches('.*@domain[.]com')",
      "'xabcx'.matches('abc')",
      "'abc'.matches('ab')",
    );
    await errors("'a'.matches('(')", "(1).size() == 1");
  });
});

describe("lists, maps and sets", () => {
  it("provides list methods", async () => {
    await allows(
      "[1, 2].size() == 2",
      "['a', 'b'].hasAll(['a'])",
      "['a', 'b'].hasAny(['c', 'b'])",
      "['a', 'b'].hasOnly(['b', 'a', 'c'])",
      "['a', 'a', 'b'].hasOnly(['a', 'b'])",
      "['a', 'b'].join('-') == 'a-b'",
      "[1] + [2] == [1, 2]",
      "[1].concat([2]) == [1, 2]",
      "[1, 2, 1, 3].removeAll([1]) == [2, 3]",
      "[1, 1, 2].toSet() == [2, 1].toSet()",
    );
    await denies(
      "['a', 'b'].hasAll(['a', 'c'])",
      "['a'].hasAny(['c'])",
      "['a', 'b'].hasOnly(['a', 'c'])",
    );
    await errors("[1, 2].join(',') == '1,2'");
  });

  it("provides map methods and MapDiff", async () => {
    await allows(
      "{'a': 1, 'b': 2}.size() == 2",
      "{'a': 1}.keys() == ['a']",
      "{'a': 1}.values() == [1]",
      "{'a': 3, 'b': 2}.get('c', 7) == 7",
      "{'a': [2, 7]}.get('a', [1]) == [2, 7]",
      "{'a': {'b': 1}, 'c': 2}.get(['a', 'b'], 7) == 1",
      "{'a': {'b': 1}}.get(['a', 'x'], 7) == 7",
      "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 5, 'd': 4}).addedKeys() == ['d'].toSet()",
      "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 5, 'd': 4}).removedKeys() == ['c'].toSet()",
      "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 5, 'd': 4}).changedKeys() == ['b'].toSet()",
      "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 5, 'd': 4}).unchangedKeys() == ['a'].toSet()",
      "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 5, 'd': 4}).affectedKeys() == ['b', 'c', 'd'].toSet()",
    );
    await denies("{'a': 1}.diff({'a': 2}).affectedKeys().size() == 0");
    await errors(
      "{'a': 1}.diff(1).addedKeys().size() == 0",
      "{'a': 1}.b == 1",
      "{1: 2}.size() == 1",
    );
  });

  it("provides set methods", async () => {
    await allows(
      "['a', 'b'].toSet().size() == 2",
      "['a', 'b'].toSet().hasAll(['a'])",
      "['a', 'b'].toSet().hasAny(['z', 'b'])",
      "['a'].toSet().hasOnly(['a', 'b'])",
      "['a'].toSet().union(['b'].toSet()) == ['b', 'a'].toSet()",
      "['a', 'b'].toSet().intersection(['b', 'c'].toSet()) == ['b'].toSet()",
      "['a', 'b'].toSet().difference(['b'].toSet()) == ['a'].toSet()",
    );
    await denies("['a', 'b'].toSet().hasOnly(['a'])", "['a'].toSet() == ['a', 'b'].toSet()");
  });
});

describe("numbers and math", () => {
  it("provides math functions and conversions", async () => {
    await allows(
      "math.abs(-3) == 3",
      "math.abs(-2.5) == 2.5",
      "math.ceil(2.1) == 3",
      "math.floor(2.9) == 2",
      "math.round(2.5) == 3",
      "math.round(-2.5) == -3",
      "math.sqrt(16) == 4.0",
      "math.pow(2, 10) == 1024",
      "math.isInfinite(float('Infinity'))",
      "math.isNaN(float('NaN'))",
      "!math.isNaN(1)",
      "int('42') == 42",
      "int(3.9) == 3",
      "float('2.5') == 2.5",
      "float(2) is float",
      "string(1) == '1'",
      "string(2.0) == '2.0'",
      "string(true) == 'true'",
      "string(null) == 'null'",
      "bool('true') && !bool('false')",
      "path('/a/b') == /a/b",
    );
    await denies(
      "math.abs(-3) == -3",
      "math.floor(2.9) == 3",
      "math.isNaN(1.5)",
      "int('42') == 43",
    );
    await errors("int('x') == 1", "bool('yes')", "math.sqrt('x') == 1", "string([1]) == ''");
  });
});

describe("timestamps and durations", () => {
  it("reads timestamp fields", async () => {
    await allows(
      "request.time.year() == 2024",
      "request.time.month() == 2",
      "request.time.day() == 29",
      "request.time.hours() == 13",
      "request.time.minutes() == 14",
      "request.time.seconds() == 15",
      "request.time.nanos() == 500000000",
      "request.time.dayOfWeek() == 4",
      "request.time.dayOfYear() == 60",
      "request.time.date() == timestamp.date(2024, 2, 29)",
      "request.time.time() == duration.time(13, 14, 15, 500000000)",
      "request.time.toMillis() == 1709212455500",
    );
    await denies("request.time.year() == 2023", "request.time.dayOfWeek() == 5");
    await errors("timestamp.date(2023, 2, 29) == request.time");
  });

  it("does timestamp and duration arithmetic", async () => {
    await allows(
      "request.time + duration.value(1, 'd') > request.time",
      "request.time - duration.value(1, 'h') < request.time",
      "request.time - timestamp.date(2024, 2, 29) == duration.time(13, 14, 15, 500000000)",
      "duration.value(1, 'w') == duration.value(7, 'd')",
      "duration.value(90, 'm').seconds() == 5400",
      "duration.value(1500, 'ms').nanos() == 500000000",
      "duration.value(-5, 's').abs() == duration.value(5, 's')",
      "duration.abs(duration.value(-10, 's')) == duration.value(10, 's')",
      "duration.value(1, 's') + duration.value(1, 's') == duration.value(2000, 'ms')",
      "duration.value(1, 'ns') < duration.value(1, 'ms')",
      "resource.data.when < request.time",
    );
    await denies(
      "request.time < resource.data.when",
      "duration.value(1, 'h') == duration.value(1, 'm')",
    );
    await errors(
      "duration.value(1, 'y') == duration.value(1, 'd')",
      "request.time + 1 > request.time",
    );
  });
});

describe("bytes, latlng, hashing, paths", () => {
  it("supports bytes methods", async () => {
    await allows(
      "b'\\xFF\\xFF'.size() == 2",
      "b'€'.size() == 3",
      "b'\\xFB\\xEF\\xBE'.toBase64() == '----'",
      "b'\\x2A'.toHexString() == '2A'",
      "b'€'.toHexString() == 'E282AC'",
      "b'*' == b'\\052'",
    );
    await denies("b'a' == b'b'");
  });

  it("supports latlng", async () => {
    await allows(
      "resource.data.place.latitude() == 52.52",
      "resource.data.place.longitude() == 13.405",
      "latlng.value(0, 0).distance(latlng.value(0, 1)) > 111000",
      "latlng.value(0, 0).distance(latlng.value(0, 1)) < 112000",
    );
    await denies("latlng.value(1, 2) == latlng.value(2, 1)", "resource.data.place.latitude() > 60");
    await errors("latlng.value(91, 0) is latlng");
  });

  it("supports hashing", async () => {
    await allows(
      "hashing.md5('abc').toHexString() == '900150983CD24FB0D6963F7D28E17F72'",
      "hashing.sha256('abc').toHexString() == 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'",
      "hashing.crc32('123456789').toHexString() == 'CBF43926'",
      "hashing.crc32c('123456789').toHexString() == 'E3069283'",
      "hashing.md5(b'abc') == hashing.md5('abc')",
    );
    await denies(
      "hashing.sha256('abc') == hashing.sha256('abd')",
      "hashing.crc32('a') == hashing.crc32c('a')",
    );
    await errors("hashing.md5(1).size() == 16");
  });

  it("builds and compares paths", async () => {
    await allows(
      "/databases/$(database)/documents/items/$(id) == resource.__name__",
      "/a/$(request.auth.uid)_x == /a/alice_x",
      "/a/$(1 + 1) == /a/2",
      "path('/a/{x}').bind({'x': 'b'}) == /a/b",
    );
    await denies("/a/b == /a/c", "/a/b == /a/b/c");
    await errors("/a/$([1]) == /a/b");
  });
});

describe("debug", () => {
  it("returns its argument and reports it", async () => {
    const seen: string[] = [];
    const rules = loadRules(
      `rules_version = '2';
service cloud.firestore { match /databases/{d}/documents { match /items/{id} {
  allow get: if debug(id) == 'i1';
} } }`,
      "firestore.rules",
      { onDebug: (v) => seen.push(v) },
    );
    expect((await rules.evaluate(request())).allowed).toBe(true);
    expect(seen).toEqual(['"i1"']);
  });
});
