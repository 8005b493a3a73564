package org.tsdbbench.common.iot;

import org.tsdbbench.common.workload.ResultCheck;

/** Collects the rows of one run of an IoT query and says whether they are its expected answer. */
public interface IotCheck extends ResultCheck {

    /**
     * One result row: its numbers (NULL as NaN) and its texts (NULL as null or empty), in the
     * query type's column order (see {@link IotQueryType}). The arrays may be reused for the next row.
     */
    @Override
    void row(double[] values, String[] texts);

    /**
     * A row without texts: every IoT query but the counts has text columns (names, fleets,
     * models), so a session that passes none gives a row the check reports as of the wrong shape.
     */
    @Override
    default void row(double[] values) {
        row(values, new String[0]);
    }

    /** null when the rows match the expected answer, else one line naming the query, the row's key, the expected and the actual values. */
    @Override
    String mismatch();

    /** The rows received. */
    @Override
    long rows();
}
