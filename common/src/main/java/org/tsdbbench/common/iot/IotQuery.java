package org.tsdbbench.common.iot;

import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One IoT query with its parameters, independent of any database: its type, the fleet (queries
 * that take one) and the window's start in epoch milliseconds (queries over a window). Its id
 * names it in query files, results and reports and parses back: {@code iot.avg-load},
 * {@code iot.last-loc.South}, {@code iot.stationary-trucks.West.1451617205000}.
 */
public record IotQuery(IotQueryType type, String fleet, long windowStartMs) implements org.tsdbbench.common.workload.Query {

    private static final Pattern ID = Pattern.compile("iot\\.([a-z-]+)(?:\\.([A-Za-z0-9_-]+))?(?:\\.(-?\\d{1,15}))?");
    private static final Pattern FLEET = Pattern.compile("[A-Za-z0-9_-]+");

    public IotQuery {
        if (type.hasFleet() != (fleet != null)) {
            throw new IllegalArgumentException(type.id() + (type.hasFleet() ? " needs a fleet" : " takes no fleet"));
        }
        if (fleet != null && !FLEET.matcher(fleet).matches()) {
            throw new IllegalArgumentException("fleet '" + fleet + "' cannot be part of a query id (letters, digits, _ and - only)");
        }
        if (type.window() == null && windowStartMs != 0) throw new IllegalArgumentException(type.id() + " takes no window");
    }

    public static IotQuery of(IotQueryType type) {
        return new IotQuery(type, null, 0);
    }

    public static IotQuery ofFleet(IotQueryType type, String fleet) {
        return new IotQuery(type, fleet, 0);
    }

    public static IotQuery window(IotQueryType type, String fleet, long startMs) {
        if (type.window() == null) throw new IllegalArgumentException(type.id() + " takes no window");
        return new IotQuery(type, fleet, startMs);
    }

    /** The window's start and end in ns since the epoch (end exclusive); only for window queries. */
    public long windowStartNs() {
        return windowStartMs * 1_000_000L;
    }

    public long windowEndNs() {
        return windowStartNs() + type.window().toNanos();
    }

    @Override
    public String id() {
        StringBuilder id = new StringBuilder("iot.").append(type.id());
        if (fleet != null) id.append('.').append(fleet);
        if (type.window() != null) id.append('.').append(windowStartMs);
        return id.toString();
    }

    /** The query of an id; anything else is an IllegalArgumentException naming the forms. */
    public static IotQuery parse(String id) {
        Matcher m = ID.matcher(id);
        IllegalArgumentException bad = new IllegalArgumentException("'" + id + "' is not an IoT query id (iot.<query>, iot.<query>.<fleet> or "
                + "iot.<query>.<fleet>.<window start ms>, e.g. iot.avg-load, iot.high-load.South, iot.stationary-trucks.West.1451617205000)");
        if (!m.matches()) throw bad;
        try {
            IotQueryType type = IotQueryType.ofId(m.group(1));
            if (type.window() != null) {
                if (m.group(3) == null) throw bad;
                return window(type, m.group(2), Long.parseLong(m.group(3)));
            }
            if (m.group(3) != null) throw bad;
            return new IotQuery(type, m.group(2), 0);
        } catch (IllegalArgumentException e) {
            if (e == bad) throw e;
            throw new IllegalArgumentException("'" + id + "': " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return type.window() == null ? id() : id() + " (" + Instant.ofEpochMilli(windowStartMs) + " + " + type.window() + ")";
    }
}
