package org.tsdbbench.common.query;

/**
 * How one database says the queries of the workloads it takes and reads what it answers. Each
 * workload declares what it needs of a dialect in its own interface extending this one
 * ({@link DeviceDialect}, {@code IotDialect}), and a module's dialect implements those of the
 * workloads it takes: a new workload adds its interface beside them, never a method here.
 */
public interface Dialect {
}
