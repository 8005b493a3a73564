package org.tsdbbench.common.db;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * One {@code --option key=value} a database module takes, declared once with its name, type,
 * default and help: the CLI checks every given value against it before any work (an unknown key
 * or a bad value is a one-line error) and lists it in each step's help, and the module reads the
 * typed value with {@link ConnectionOptions#get}.
 *
 * @param <T> the type of the value a module reads
 */
public final class ModuleOption<T> {

    /** Every module: how long one request (write, query, count) may take. */
    public static final ModuleOption<Long> REQUEST_TIMEOUT_MS = millis("requestTimeoutMs", 600_000,
            "How long one request (write, query, count) may take.");

    /** Every module: how long opening a connection (and the login) may take. */
    public static final ModuleOption<Long> CONNECT_TIMEOUT_MS = millis("connectTimeoutMs", 5_000,
            "How long opening a connection (and the login) may take.");

    /** Every module, write step: each client builds its next requests before each iteration, outside the measured time. */
    public static final ModuleOption<Boolean> PREBUILD = bool("prebuild", false,
            "Write step: each client builds its next requests before each iteration, outside the measured time.");

    private static final List<ModuleOption<?>> SHARED = List.of(REQUEST_TIMEOUT_MS, CONNECT_TIMEOUT_MS, PREBUILD);

    private final String name;
    private final String type;
    private final T defaultValue;
    private final String defaultText;
    private final String help;
    private final Function<String, T> parser;

    private ModuleOption(String name, String type, T defaultValue, String defaultText, String help, Function<String, T> parser) {
        if (!name.matches("[A-Za-z][A-Za-z0-9]*")) throw new IllegalArgumentException("option name " + name + ": letters and digits");
        this.name = name;
        this.type = type;
        this.defaultValue = defaultValue;
        this.defaultText = defaultText;
        this.help = help;
        this.parser = parser;
    }

    /** The options every module takes: the request and connect timeouts, prebuild. */
    public static List<ModuleOption<?>> shared() {
        return SHARED;
    }

    /** {@code true} or {@code false} (any case). */
    public static ModuleOption<Boolean> bool(String name, boolean defaultValue, String help) {
        return new ModuleOption<>(name, "boolean", defaultValue, String.valueOf(defaultValue), help, v -> switch (v.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("must be true or false");
        });
    }

    /** A whole number from {@code min} to {@code max}; a null default: unset unless given (the help says what then). */
    public static ModuleOption<Integer> integer(String name, Integer defaultValue, int min, int max, String help) {
        return new ModuleOption<>(name, "integer " + min + ".." + max, defaultValue, defaultValue == null ? "none" : String.valueOf(defaultValue),
                help, v -> {
                    try {
                        int n = Integer.parseInt(v);
                        if (n >= min && n <= max) return n;
                    } catch (NumberFormatException e) {
                        // the rule below says what is wanted
                    }
                    throw new IllegalArgumentException("must be a whole number " + min + ".." + max);
                });
    }

    /** A duration in whole milliseconds, at least 1. */
    public static ModuleOption<Long> millis(String name, long defaultValue, String help) {
        return new ModuleOption<>(name, "milliseconds", defaultValue, String.valueOf(defaultValue), help, v -> {
            try {
                long ms = Long.parseLong(v);
                if (ms >= 1) return ms;
            } catch (NumberFormatException e) {
                // the rule below says what is wanted
            }
            throw new IllegalArgumentException("must be a whole number of milliseconds, at least 1");
        });
    }

    /** One of an enum's constants, written in lower case (any case is read). */
    public static <E extends Enum<E>> ModuleOption<E> choice(String name, Class<E> type, E defaultValue, String help) {
        List<String> names = Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT)).toList();
        return new ModuleOption<>(name, String.join("|", names), defaultValue, defaultValue.name().toLowerCase(Locale.ROOT), help, v -> {
            for (E e : type.getEnumConstants()) {
                if (e.name().equalsIgnoreCase(v)) return e;
            }
            throw new IllegalArgumentException("must be one of " + String.join(", ", names));
        });
    }

    /** One of a few words, given in any case and read as declared. */
    public static ModuleOption<String> choice(String name, String defaultValue, String help, String... values) {
        List<String> all = List.of(values);
        if (!all.contains(defaultValue)) throw new IllegalArgumentException("option " + name + ": default " + defaultValue + " is not one of " + all);
        return new ModuleOption<>(name, String.join("|", all), defaultValue, defaultValue, help, v -> {
            for (String s : all) {
                if (s.equalsIgnoreCase(v)) return s;
            }
            throw new IllegalArgumentException("must be one of " + String.join(", ", all));
        });
    }

    /** Any text that is not blank; a null default: unset unless given. */
    public static ModuleOption<String> text(String name, String defaultValue, String help) {
        return new ModuleOption<>(name, "text", defaultValue, defaultValue == null ? "none" : defaultValue, help, v -> {
            if (v.isEmpty()) throw new IllegalArgumentException("must not be empty");
            return v;
        });
    }

    /** A readable file; unset unless given. */
    public static ModuleOption<Path> file(String name, String help) {
        return new ModuleOption<>(name, "file", null, "none", help, v -> {
            Path p;
            try {
                p = Path.of(v);
            } catch (java.nio.file.InvalidPathException e) {
                throw new IllegalArgumentException("not a file name");
            }
            if (!Files.isRegularFile(p) || !Files.isReadable(p)) throw new IllegalArgumentException("no such readable file");
            return p;
        });
    }

    public String name() {
        return name;
    }

    /** What values it takes, as the help says it: boolean, integer 1..65535, batch|async, file... */
    public String type() {
        return type;
    }

    /** The value when the option is not given; null for an option that is unset unless given. */
    public T defaultValue() {
        return defaultValue;
    }

    /** The default as the help shows it ("none" for an option unset unless given). */
    public String defaultText() {
        return defaultText;
    }

    public String help() {
        return help;
    }

    /**
     * The typed value of {@code text} (surrounding blanks ignored); a bad one is an
     * IllegalArgumentException whose one-line message names key, value and rule:
     * {@code --option prebuild=ture: must be true or false}.
     */
    public T parse(String text) {
        try {
            return parser.apply(text.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--option " + name + "=" + text + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return name + " (" + type + ", default " + defaultText + ")";
    }
}
