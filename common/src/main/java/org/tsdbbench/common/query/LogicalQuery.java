package org.tsdbbench.common.query;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One query of the catalog, independent of any database: its family, the function and the share
 * of devices (q2..q4: devgroup &lt; percent, 100 meaning no filter) or the group read (q1). Its id,
 * e.g. {@code q2.avg.p10} or {@code q1.g30}, names it in query files, results and reports.
 */
public record LogicalQuery(QueryFamily family, Aggregate function, int percent, int group) {

    private static final Pattern ID = Pattern.compile("q1\\.g(\\d{1,2})|(q[234])\\.([a-z]+)\\.p(\\d{1,3})");

    public LogicalQuery {
        if (family == QueryFamily.Q1_FULL_READ) {
            if (group < 0 || group > 99) throw new IllegalArgumentException("q1 group must be 0..99, got " + group);
        } else {
            if (percent < 1 || percent > 100) throw new IllegalArgumentException("percent must be 1..100, got " + percent);
            if (function == null) throw new IllegalArgumentException(family.id() + " needs a function");
        }
    }

    public static LogicalQuery fullRead(int group) {
        return new LogicalQuery(QueryFamily.Q1_FULL_READ, null, 0, group);
    }

    public static LogicalQuery of(QueryFamily family, Aggregate function, int percent) {
        return new LogicalQuery(family, function, percent, -1);
    }

    /** Groups 0..groupLimit()-1 are selected by q2..q4 ({@code devgroup < percent}). */
    public int groupLimit() {
        return percent;
    }

    /** True when no devgroup filter is needed (all devices). */
    public boolean allDevices() {
        return percent == 100;
    }

    public String id() {
        return family == QueryFamily.Q1_FULL_READ
                ? "q1.g" + group
                : family.id() + "." + function.id() + ".p" + percent;
    }

    public static LogicalQuery parse(String id) {
        Matcher m = ID.matcher(id);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + id + "' is not a query id (q1.g<group> or q2|q3|q4.<function>.p<percent>, e.g. q2.avg.p10)");
        }
        if (m.group(1) != null) return fullRead(Integer.parseInt(m.group(1)));
        return of(QueryFamily.ofId(m.group(2)), Aggregate.ofId(m.group(3)), Integer.parseInt(m.group(4)));
    }

    @Override
    public String toString() {
        return id();
    }
}
