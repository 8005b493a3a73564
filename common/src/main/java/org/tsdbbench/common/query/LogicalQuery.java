package org.tsdbbench.common.query;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tsdbbench.common.workload.Query;

/**
 * One query of the devices workload, independent of any database: its family, the function, the share of devices (q2..q4:
 * devgroup &lt; percent, 100 meaning no filter), the group read (q1), the device (q5, q6; 0 in q6
 * meaning every device) and the time range {@code [fromTs, toTs)} (q6). Its id, e.g.
 * {@code q2.avg.p10}, {@code q1.g30}, {@code q5.last.d1} or {@code q6.d7.1563249700000-1563249705000},
 * names it in query files, results and reports.
 */
public record LogicalQuery(QueryFamily family, Aggregate function, int percent, int group, int device, long fromTs, long toTs)
        implements Query {

    /** The functions q5 applies to one device. */
    public static final java.util.Set<Aggregate> DEVICE_FUNCTIONS = java.util.EnumSet.complementOf(java.util.EnumSet.of(Aggregate.SPREAD));
    /** The functions q3 and q4 apply per group (first, last and percentile are not among them). */
    public static final java.util.Set<Aggregate> GROUP_FUNCTIONS = java.util.EnumSet.range(Aggregate.COUNT, Aggregate.STDDEV);

    private static final Pattern ID = Pattern.compile(
            "q1\\.g(\\d{1,2})|(q[234])\\.([a-z]+)\\.p(\\d{1,3})|q5\\.([a-z]+)\\.d(\\d{1,9})|q6\\.(?:d(\\d{1,9})|all)\\.(\\d{1,15})-(\\d{1,15})");

    public LogicalQuery {
        switch (family) {
            case Q1_FULL_READ -> {
                if (group < 0 || group > 99) throw new IllegalArgumentException("q1 group must be 0..99, got " + group);
            }
            case Q5_DEVICE_FUNCTION -> {
                if (device < 1) throw new IllegalArgumentException("q5 device must be 1 or more, got " + device);
                if (!DEVICE_FUNCTIONS.contains(function)) throw new IllegalArgumentException("q5 has no function " + function);
            }
            case Q6_RANGE -> {
                if (device < 0) throw new IllegalArgumentException("q6 device must be 0 (all) or more, got " + device);
                if (toTs <= fromTs) throw new IllegalArgumentException("q6 range is empty: " + fromTs + ".." + toTs);
            }
            default -> {
                if (percent < 1 || percent > 100) throw new IllegalArgumentException("percent must be 1..100, got " + percent);
                var functions = family == QueryFamily.Q2_AGGREGATE ? QueryCatalog.Q2_FUNCTIONS : GROUP_FUNCTIONS;
                if (!functions.contains(function)) throw new IllegalArgumentException(family.id() + " has no function " + function);
            }
        }
    }

    public static LogicalQuery fullRead(int group) {
        return new LogicalQuery(QueryFamily.Q1_FULL_READ, null, 0, group, 0, 0, 0);
    }

    public static LogicalQuery of(QueryFamily family, Aggregate function, int percent) {
        return new LogicalQuery(family, function, percent, -1, 0, 0, 0);
    }

    /** q5: one function over all rows of one device. */
    public static LogicalQuery deviceFunction(Aggregate function, int devid) {
        return new LogicalQuery(QueryFamily.Q5_DEVICE_FUNCTION, function, 0, -1, devid, 0, 0);
    }

    /** q6: the rows of one device ({@code devid} 0: of every device) with {@code fromTs <= ts < toTs}. */
    public static LogicalQuery range(int devid, long fromTs, long toTs) {
        return new LogicalQuery(QueryFamily.Q6_RANGE, null, 0, -1, devid, fromTs, toTs);
    }

    /** Groups 0..groupLimit()-1 are selected by q2..q4 ({@code devgroup < percent}). */
    public int groupLimit() {
        return percent;
    }

    /** True when no devgroup filter is needed (all devices). */
    public boolean allDevices() {
        return percent == 100 || (family == QueryFamily.Q6_RANGE && device == 0);
    }

    @Override
    public String id() {
        return switch (family) {
            case Q1_FULL_READ -> "q1.g" + group;
            case Q5_DEVICE_FUNCTION -> "q5." + function.id() + ".d" + device;
            case Q6_RANGE -> "q6." + (device == 0 ? "all" : "d" + device) + "." + fromTs + "-" + toTs;
            default -> family.id() + "." + function.id() + ".p" + percent;
        };
    }

    public static LogicalQuery parse(String id) {
        Matcher m = ID.matcher(id);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + id + "' is not a query id (q1.g<group>, q2|q3|q4.<function>.p<percent>,"
                    + " q5.<function>.d<devid> or q6.d<devid>|all.<fromTs>-<toTs>, e.g. q2.avg.p10)");
        }
        if (m.group(1) != null) return fullRead(Integer.parseInt(m.group(1)));
        if (m.group(2) != null) return of(QueryFamily.ofId(m.group(2)), Aggregate.ofId(m.group(3)), Integer.parseInt(m.group(4)));
        if (m.group(5) != null) return deviceFunction(Aggregate.ofId(m.group(5)), Integer.parseInt(m.group(6)));
        return range(m.group(7) == null ? 0 : Integer.parseInt(m.group(7)), Long.parseLong(m.group(8)), Long.parseLong(m.group(9)));
    }

    @Override
    public String toString() {
        return id();
    }
}
