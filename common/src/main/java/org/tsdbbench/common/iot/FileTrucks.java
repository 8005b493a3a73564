package org.tsdbbench.common.iot;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The trucks of a TSBS file, learned line by line by its validating pass: a named truck is its
 * number n ({@code truck_n}) with the tag values its lines carry (a name's lines must agree); the
 * records without a name belong to anonymous trucks, one per combination of the other seven tags,
 * numbered from {@link #ANONYMOUS}. Tag values are kept once each, in per-tag dictionaries of at
 * most {@value #MAX_VALUES}; a truck holds one byte per tag.
 */
final class FileTrucks implements Trucks {

    static final int ANONYMOUS = IotSpec.MAX_TRUCKS;
    static final int MAX_VALUES = 254;
    private static final int TAGS = 7; // all but the name

    private final List<List<String>> texts = new ArrayList<>();
    private final List<List<byte[]>> bytes = new ArrayList<>();
    private final double[][] numbers = new double[3][MAX_VALUES];
    /** codes[tag - 1][n]: code + 1 of named truck n's tag, 0 while unknown. */
    private final byte[][] codes = new byte[TAGS][];
    private final Map<Long, Integer> anonymousIds = new HashMap<>();
    private final List<Long> anonymous = new ArrayList<>();
    private int maxNumber = -1;

    FileTrucks() {
        for (int t = 0; t < TAGS; t++) {
            texts.add(new ArrayList<>());
            bytes.add(new ArrayList<>());
            codes[t] = new byte[16];
        }
    }

    @Override
    public int code(int truck, IotTag tag) {
        if (truck >= ANONYMOUS) {
            if (tag == IotTag.NAME) return -1;
            return (int) ((anonymous.get(truck - ANONYMOUS) >>> (8 * (tag.ordinal() - 1))) & 0xFF) - 1;
        }
        if (tag == IotTag.NAME) return truck;
        byte[] c = codes[tag.ordinal() - 1];
        return truck < c.length ? (c[truck] & 0xFF) - 1 : -1;
    }

    @Override
    public List<String> values(IotTag tag) {
        if (tag == IotTag.NAME) throw new IllegalArgumentException("names have no list of values: truck_<code>");
        return java.util.Collections.unmodifiableList(texts.get(tag.ordinal() - 1));
    }

    @Override
    public double number(IotTag tag, int code) {
        if (!tag.numeric) throw new IllegalArgumentException(tag.key + " is not a number");
        return numbers[tag.ordinal() - IotTag.LOAD_CAPACITY.ordinal()][code];
    }

    /** The largest truck number named, -1 when none. */
    int maxNumber() {
        return maxNumber;
    }

    int anonymousCount() {
        return anonymous.size();
    }

    /**
     * The code of a value (bytes {@code [from, to)} of {@code line}; {@code number} for numeric tags,
     * which match by value), learned when {@code learn}, else -1 when unknown; -2 when the tag has
     * {@value #MAX_VALUES} values already.
     */
    int valueCode(IotTag tag, byte[] line, int from, int to, double number, boolean learn) {
        int t = tag.ordinal() - 1;
        List<byte[]> known = bytes.get(t);
        for (int c = 0; c < known.size(); c++) {
            if (tag.numeric ? numbers[t - 4][c] == number : same(known.get(c), line, from, to)) return c;
        }
        if (!learn) return -1;
        if (known.size() == MAX_VALUES) return -2;
        known.add(Arrays.copyOfRange(line, from, to));
        texts.get(t).add(new String(line, from, to - from, StandardCharsets.UTF_8));
        if (tag.numeric) numbers[t - 4][known.size() - 1] = number;
        return known.size() - 1;
    }

    /** Whether bytes {@code [from, to)} of {@code line} are {@code value}: values are short, a plain loop beats a call. */
    private static boolean same(byte[] value, byte[] line, int from, int to) {
        if (value.length != to - from) return false;
        for (int i = 0; i < value.length; i++) if (value[i] != line[from + i]) return false;
        return true;
    }

    /**
     * Records that truck n has code {@code code} for a tag (learning it the first time); the code it
     * had before when that differs, else -1.
     */
    int agree(int n, IotTag tag, int code) {
        if (n > maxNumber) maxNumber = n;
        byte[] c = codes[tag.ordinal() - 1];
        if (n >= c.length) {
            c = Arrays.copyOf(c, Math.max(n + 1, Math.min(IotSpec.MAX_TRUCKS, c.length * 2)));
            codes[tag.ordinal() - 1] = c;
        }
        int known = (c[n] & 0xFF) - 1;
        if (known < 0) {
            c[n] = (byte) (code + 1);
            return -1;
        }
        return known == code ? -1 : known;
    }

    /** Notes that truck n exists (a line named it). */
    void named(int n) {
        if (n > maxNumber) maxNumber = n;
    }

    /** The anonymous truck of seven codes (fleet .. nominal_fuel_consumption), learned when {@code learn}; -1 when unknown. */
    int anonymous(int[] sevenCodes, boolean learn) {
        long packed = 0;
        for (int t = 0; t < TAGS; t++) packed |= (long) (sevenCodes[t] + 1) << (8 * t);
        Integer id = anonymousIds.get(packed);
        if (id != null) return id;
        if (!learn) return -1;
        int fresh = ANONYMOUS + anonymous.size();
        anonymous.add(packed);
        anonymousIds.put(packed, fresh);
        return fresh;
    }
}
