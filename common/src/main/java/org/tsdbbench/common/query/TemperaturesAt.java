package org.tsdbbench.common.query;

import java.util.Arrays;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The earliest (or the latest) instant of a set of rows and the temperatures its rows hold there:
 * q2's FIRST (LAST) over many devices, where any of them is a right answer. A row costs a compare
 * and an array store; the temperatures are sorted and made distinct only when asked for.
 */
final class TemperaturesAt {
    private static final int[] NONE = {};

    private final boolean latest;
    private long ts;
    private int[] temperatures = NONE;
    private int size;

    private TemperaturesAt(boolean latest) {
        this.latest = latest;
        this.ts = latest ? Long.MIN_VALUE : Long.MAX_VALUE;
    }

    static TemperaturesAt earliest() {
        return new TemperaturesAt(false);
    }

    static TemperaturesAt latest() {
        return new TemperaturesAt(true);
    }

    /** A row at {@code at}: kept if no row came before at a more extreme instant; those of a less extreme one go. */
    void offer(long at, int temperature) {
        if (at != ts) {
            if (latest ? at < ts : at > ts) return;
            ts = at;
            size = 0;
        }
        if (size == temperatures.length) temperatures = Arrays.copyOf(temperatures, Math.max(4, size * 2));
        temperatures[size++] = temperature;
    }

    /** The rows of another set, as if offered here. */
    void offerAll(TemperaturesAt o) {
        for (int i = 0; i < o.size; i++) offer(o.ts, o.temperatures[i]);
    }

    /** The instant; meaningless when {@link #temperatures()} is empty. */
    long ts() {
        return ts;
    }

    /** The distinct temperatures at {@link #ts()}, ascending; empty when no row came. */
    SortedSet<Integer> temperatures() {
        TreeSet<Integer> set = new TreeSet<>();
        for (int i = 0; i < size; i++) set.add(temperatures[i]);
        return Collections.unmodifiableSortedSet(set);
    }
}
