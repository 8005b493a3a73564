package org.tsdbbench.common.iot;

import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.query.RowShaper;

/**
 * The rows of an IoT query sent texts first, then values (as the SQL dialects render them), as
 * {@link IotQueryType} lists them: the values and the texts apart ({@code row(values, texts)}). A row
 * of another width passes as it came, for the check to name.
 */
public final class IotRowShaper {

    private IotRowShaper() {
    }

    /** The shaper of the query's rows, texts first in each. */
    public static RowShaper textsFirst(IotQuery q) {
        int texts = q.type().textColumns().size();
        int values = q.type().valueColumns().size();
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
