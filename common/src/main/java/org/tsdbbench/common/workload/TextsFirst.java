package org.tsdbbench.common.workload;

import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.query.RowShaper;

/**
 * The shaper of rows a query returns texts first, then values (as the SQL dialects render the TSBS
 * workloads' queries), into the values and the texts apart that {@link RowsAnswer}'s check reads
 * ({@code row(values, texts)}). A row of another width passes as it came, for the check to name.
 */
public final class TextsFirst {

    private TextsFirst() {
    }

    /** The shaper of rows of these columns. */
    public static RowShaper of(RowsAnswer.Columns columns) {
        int texts = columns.texts().size();
        int values = columns.values().size();
        return canonical -> new ResultSink() {
            private final double[] v = new double[values];
            private final String[] t = new String[texts];

            @Override
            public void row(double[] row) {
                row(row, new String[row.length]);
            }

            @Override
            public void row(double[] row, String[] rowTexts) {
                if (row.length != texts + values) {
                    canonical.row(row, rowTexts);
                    return;
                }
                System.arraycopy(rowTexts, 0, t, 0, texts);
                System.arraycopy(row, texts, v, 0, values);
                canonical.row(v, t);
            }

            @Override
            public void end() {
                canonical.end();
            }
        };
    }
}
