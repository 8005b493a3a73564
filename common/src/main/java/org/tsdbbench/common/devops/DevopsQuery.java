package org.tsdbbench.common.devops;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tsdbbench.common.workload.Query;

/**
 * One DevOps query with its parameters: its type, the host numbers it names (those of a type that
 * takes random hosts, in the order drawn) and its window in epoch milliseconds, {@code [start, end)}
 * (a type with a window; the end is the start plus the type's window unless the type is
 * {@link DevopsQueryType#spanned()}). Its id parses back: {@code devops.lastpoint},
 * {@code devops.high-cpu-all.1451606405000},
 * {@code devops.single-groupby-1-8-1.host_3+host_7+...+host_1.1451606405000},
 * {@code devops.minute-max-first-10.host_0.1451606400000.1451653200000} (a span's start and end).
 */
public record DevopsQuery(DevopsQueryType type, List<Integer> hosts, long windowStartMs, long windowEndMs)
        implements Query {

    private static final Pattern ID = Pattern.compile(
            "devops\\.([a-z0-9-]+)(?:\\.(host_\\d+(?:\\+host_\\d+)*))?(?:\\.(-?\\d{1,15}))?(?:\\.(-?\\d{1,15}))?");

    public DevopsQuery {
        hosts = List.copyOf(hosts);
        if (hosts.size() != type.hosts()) throw new IllegalArgumentException(type.id() + " names " + type.hosts() + " hosts, got " + hosts.size());
        if (!type.windowed() && (windowStartMs != 0 || windowEndMs != 0)) {
            throw new IllegalArgumentException(type.id() + " takes no window");
        }
        if (type.window() != null && windowEndMs != windowStartMs + type.window().toMillis()) {
            throw new IllegalArgumentException(type.id() + "'s window is " + type.window() + ", not "
                    + (windowEndMs - windowStartMs) + " ms");
        }
        if (type.spanned() && windowEndMs <= windowStartMs) {
            throw new IllegalArgumentException(type.id() + ": an empty span");
        }
    }

    /** A query of a type whose window has a fixed length (its end the start plus it), or of no window. */
    public DevopsQuery(DevopsQueryType type, List<Integer> hosts, long windowStartMs) {
        this(type, hosts, windowStartMs, type.window() == null ? 0 : windowStartMs + type.window().toMillis());
    }

    /** The hostnames the query names, in its order. */
    public List<String> hostnames() {
        return hosts.stream().map(DevopsSpec::hostname).toList();
    }

    public long windowStartNs() {
        return windowStartMs * 1_000_000L;
    }

    /** The window's end, exclusive (groupby-orderby-limit's "before this time"). */
    public long windowEndNs() {
        return windowEndMs * 1_000_000L;
    }

    @Override
    public String id() {
        StringBuilder id = new StringBuilder("devops.").append(type.id());
        if (!hosts.isEmpty()) id.append('.').append(String.join("+", hostnames()));
        if (type.windowed()) id.append('.').append(windowStartMs);
        if (type.spanned()) id.append('.').append(windowEndMs);
        return id.toString();
    }

    /** The query of an id; anything else is an IllegalArgumentException naming the form. */
    public static DevopsQuery parse(String id) {
        Matcher m = ID.matcher(id);
        IllegalArgumentException bad = new IllegalArgumentException("'" + id + "' is not a DevOps query id (devops.<query>[.host_<n>+...][.<window start ms>],"
                + " e.g. devops.lastpoint, devops.single-groupby-1-1-1.host_3.1451606405000)");
        if (!m.matches()) throw bad;
        try {
            DevopsQueryType type = DevopsQueryType.ofId(m.group(1));
            List<Integer> hosts = new ArrayList<>();
            if (m.group(2) != null) for (String h : m.group(2).split("\\+")) hosts.add(Integer.parseInt(h.substring("host_".length())));
            if (type.windowed() != (m.group(3) != null) || type.spanned() != (m.group(4) != null)) throw bad;
            long start = m.group(3) == null ? 0 : Long.parseLong(m.group(3));
            if (type.spanned()) return new DevopsQuery(type, hosts, start, Long.parseLong(m.group(4)));
            return new DevopsQuery(type, hosts, start);
        } catch (IllegalArgumentException e) {
            if (e == bad) throw e;
            throw new IllegalArgumentException("'" + id + "': " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        if (!type.windowed()) return id();
        return id() + " (" + Instant.ofEpochMilli(windowStartMs) + " .. " + Instant.ofEpochMilli(windowEndMs) + ")";
    }
}
