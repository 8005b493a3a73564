package org.tsdbbench.common.iot;

import java.util.List;
import java.util.Set;
import org.tsdbbench.common.workload.RowsAnswer;

/**
 * The expected result of one IoT query: its rows in the columns of its {@link IotQueryType}, checked
 * as {@link RowsAnswer} checks rows (by key, in any order, each value within its tolerance).
 */
public final class IotAnswer extends RowsAnswer {

    private final IotQuery query;

    IotAnswer(IotQuery query, List<Row> rows) {
        super(query.id(), columns(query.type()), rows);
        this.query = query;
    }

    /** The columns of a query type's rows; its "day" holds epoch milliseconds. */
    static Columns columns(IotQueryType type) {
        return new Columns(type.textColumns(), type.valueColumns(), type.keyValues(), Set.of("day"));
    }

    public IotQuery query() {
        return query;
    }
}
