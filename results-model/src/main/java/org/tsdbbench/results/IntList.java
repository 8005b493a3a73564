package org.tsdbbench.results;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A list of positive integers as users write them: {@code 1000}, {@code 1,100,500},
 * {@code 1-7} or {@code 1-3,5,7}. Duplicates are dropped, order is kept.
 */
public record IntList(List<Integer> values) {

    public IntList {
        values = List.copyOf(values);
    }

    public static IntList of(int... v) {
        List<Integer> list = new ArrayList<>();
        for (int i : v) list.add(i);
        return new IntList(list);
    }

    public static IntList parse(String text) {
        LinkedHashSet<Integer> out = new LinkedHashSet<>();
        for (String part : text.split(",", -1)) {
            String p = part.strip();
            if (p.isEmpty()) throw new IllegalArgumentException("empty item in '" + text + "'");
            int dash = p.indexOf('-', 1);
            if (dash > 0) {
                int from = number(p.substring(0, dash), text);
                int to = number(p.substring(dash + 1), text);
                if (to < from) throw new IllegalArgumentException("range " + p + " goes backwards");
                if ((long) to - from > 100_000) throw new IllegalArgumentException("range " + p + " is too long");
                for (int i = from; i <= to; i++) out.add(i);
            } else {
                out.add(number(p, text));
            }
        }
        return new IntList(new ArrayList<>(out));
    }

    private static int number(String s, String text) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s.strip() + "' in '" + text + "' is not a whole number");
        }
    }

    public int first() {
        return values.get(0);
    }

    public int max() {
        return values.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    public int min() {
        return values.stream().mapToInt(Integer::intValue).min().orElseThrow();
    }

    @Override
    public String toString() {
        return values.toString();
    }

    /** picocli converter. */
    public static final class Converter implements ITypeConverter<IntList> {
        @Override
        public IntList convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
