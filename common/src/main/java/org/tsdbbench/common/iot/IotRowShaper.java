package org.tsdbbench.common.iot;

import org.tsdbbench.common.query.RowShaper;
import org.tsdbbench.common.workload.TextsFirst;

/** The rows of an IoT query sent texts first, then values (as the SQL dialects render them), as {@link IotQueryType} lists them. */
public final class IotRowShaper {

    private IotRowShaper() {
    }

    /** The shaper of the query's rows, texts first in each ({@link TextsFirst}). */
    public static RowShaper textsFirst(IotQuery q) {
        return TextsFirst.of(IotAnswer.columns(q.type()));
    }
}
