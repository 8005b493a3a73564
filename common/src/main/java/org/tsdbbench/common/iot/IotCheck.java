package org.tsdbbench.common.iot;

/** Collects the rows of one run of an IoT query and says whether they are its expected answer. */
public interface IotCheck {

    /**
     * One result row: its numbers (NULL as NaN) and its texts (NULL as null or empty), in the
     * query type's column order (see {@link IotQueryType}). The arrays may be reused for the next row.
     */
    void row(double[] values, String[] texts);

    /** null when the rows match the expected answer, else one line naming the query, the row's key, the expected and the actual values. */
    String mismatch();

    /** The rows received. */
    long rows();
}
