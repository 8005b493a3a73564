package org.tsdbbench.common.query;

/** The four query tests of the published reports. */
public enum QueryFamily {
    /** q1: every row of one device group, fetched by the client. */
    Q1_FULL_READ("q1"),
    /** q2: one aggregate over the devices with devgroup &lt; N. */
    Q2_AGGREGATE("q2"),
    /** q3: an aggregate per devgroup over the devices with devgroup &lt; N. */
    Q3_GROUP_BY_TAG("q3"),
    /** q4: an aggregate per 1-minute bucket over the devices with devgroup &lt; N. */
    Q4_GROUP_BY_MINUTE("q4");

    private final String id;

    QueryFamily(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static QueryFamily ofId(String id) {
        for (QueryFamily f : values()) if (f.id.equals(id)) return f;
        throw new IllegalArgumentException("unknown query family '" + id + "' (q1, q2, q3 or q4)");
    }
}
