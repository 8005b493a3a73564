package org.tsdbbench.mysql;

import org.tsdbbench.common.query.SqlDialect;

/** MySQL's SQL for the catalog: ts is a BIGINT of epoch ms, so a minute is {@code ts DIV 60000}. */
public final class MySqlDialect extends SqlDialect {
    @Override
    protected String minuteBucket() {
        return "ts DIV 60000 * 60000";
    }
}
