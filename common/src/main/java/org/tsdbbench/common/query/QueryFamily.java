package org.tsdbbench.common.query;

/**
 * The query tests: q1..q4 of the published reports, q5 (one device's functions) of their further
 * tests, and q6, the short time-range reads of the concurrent-range, volume-growth and mixed-load
 * tests.
 */
public enum QueryFamily {
    /** q1: every row of one device group, fetched by the client. */
    Q1_FULL_READ("q1"),
    /** q2: one aggregate over the devices with devgroup &lt; N. */
    Q2_AGGREGATE("q2"),
    /** q3: an aggregate per devgroup over the devices with devgroup &lt; N. */
    Q3_GROUP_BY_TAG("q3"),
    /** q4: an aggregate per 1-minute bucket over the devices with devgroup &lt; N. */
    Q4_GROUP_BY_MINUTE("q4"),
    /** q5: one function over every row of one device. */
    Q5_DEVICE_FUNCTION("q5"),
    /** q6: the rows of one device (or all) in a time range, fetched by the client. */
    Q6_RANGE("q6");

    private final String id;

    QueryFamily(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static QueryFamily ofId(String id) {
        for (QueryFamily f : values()) if (f.id.equals(id)) return f;
        throw new IllegalArgumentException("unknown query family '" + id + "' (q1 .. q6)");
    }

    /** Whether the result is rows {@code ts, devid, temperature, humidity} (q1, q6), checked by checksum. */
    public boolean returnsRows() {
        return this == Q1_FULL_READ || this == Q6_RANGE;
    }

    /** Whether the result is one value (q2, q5) rather than rows or keyed values. */
    public boolean returnsOneValue() {
        return this == Q2_AGGREGATE || this == Q5_DEVICE_FUNCTION;
    }
}
